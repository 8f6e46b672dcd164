import { useEffect, useState } from 'react';
import type { MowerListResponse } from '../../common/api-types.ts';
import type { MowerStatusDto } from '../../common/fleet.ts';
import { MOWERS_PATH, mowerStatusPath } from '../../common/personal-view.ts';
import type { Mower } from './bridge/methods.ts';
import { getCurrentMower } from './current-mower.ts';
import { personalCurrentMower, personalResponse } from './personal-view-data.ts';
import { useAsync } from './use-async.ts';

/**
 * A mower's live status, pushed by the server, never polled (`live-status-stream.ts`, loaded when a screen first
 * asks). The stream is open only while the screen is mounted and the page visible: a hidden page, or a screen
 * hidden by React's Activity (its effects are cleaned up), holds no connection. Undefined until the first status
 * arrives, or for no mower.
 */
export function useLiveMowerStatus(serial: string | undefined): MowerStatusDto | undefined {
  const [status, setStatus] = useState<{ serial: string; value: MowerStatusDto }>();

  useEffect(() => {
    if (!serial || typeof EventSource === 'undefined') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./live-status-stream.ts').then(
      ({ watchMowerStatus }) => {
        if (!cancelled) stop = watchMowerStatus(serial, (value) => setStatus({ serial, value }));
      },
      // A chunk that failed to load: the screen shows what it has without live updates.
      () => undefined,
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [serial]);

  return status && status.serial === serial ? status.value : undefined;
}

interface ViewedMower {
  mower: Mower;
  status: MowerStatusDto;
}

/**
 * The current mower and its status as a personal first view was rendered with them (the winter guide's, common/
 * personal-view.ts), if this render is that view's: the account's mower of that serial and its status, by the API.
 */
function viewedCurrentMower(): ViewedMower | undefined {
  const serial = personalCurrentMower();
  if (!serial) return undefined;
  const listed = personalResponse<MowerListResponse>(MOWERS_PATH)?.mowers.find(
    (mower) => mower.serial_number === serial,
  );
  const status = personalResponse<MowerStatusDto>(mowerStatusPath(serial));
  if (!listed || status?.serial_number !== serial) return undefined;
  const { name, model, role } = listed;
  return { mower: { vehicle_sn: serial, name, model, role, battery_percent: status.battery_percent }, status };
}

/**
 * The app's current mower (null without a native app or a current mower, and until the app has answered) and its
 * status as the server sees it, followed live. In a personal first view's render both come from the view, and the
 * status stays the view's until the live stream's first one.
 */
export function useCurrentMowerLive(): { mower: Mower | null; status: MowerStatusDto | undefined } {
  const [viewed] = useState(viewedCurrentMower);
  const current = useAsync(getCurrentMower, viewed?.mower);
  const mower = current.status === 'success' ? current.data : null;
  const live = useLiveMowerStatus(mower?.vehicle_sn);
  return {
    mower,
    status: live ?? (mower && viewed?.status.serial_number === mower.vehicle_sn ? viewed.status : undefined),
  };
}
