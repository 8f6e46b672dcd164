import { useEffect, useState } from 'react';
import type { MowerStatusDto } from '../../common/fleet.ts';
import type { Mower } from './bridge/methods.ts';
import { getCurrentMower } from './current-mower.ts';
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

/**
 * The app's current mower (null without a native app or a current mower, and until the app has answered) and its
 * status as the server sees it, followed live.
 */
export function useCurrentMowerLive(): { mower: Mower | null; status: MowerStatusDto | undefined } {
  const current = useAsync(getCurrentMower);
  const mower = current.status === 'success' ? current.data : null;
  return { mower, status: useLiveMowerStatus(mower?.vehicle_sn) };
}
