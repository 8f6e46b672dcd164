import { useEffect, useRef } from 'react';
import { getCurrentMower } from '../../lib/current-mower.ts';
import { useAsync } from '../../lib/use-async.ts';
import { useLiveMowerStatus } from '../../lib/use-live-mower-status.ts';

/**
 * Calls `onArrival` when a message has just come for the app's current mower: the server posts the message of a
 * fault or of a lost or restored connection before it pushes the status that goes with it (server/modules/fleet/start.ts
 * registers the messages first), so a change of the fault or the connection on the mower's live stream means a
 * new message is there to ask for. The first status only sets what a change is measured against; so does the
 * first one after the centre was hidden (React's Activity ends the stream, and the centre asks for its counts
 * anyway when it shows again).
 */
export function useLiveArrivals(onArrival: () => void): void {
  const current = useAsync(getCurrentMower);
  const serial = current.status === 'success' ? current.data?.vehicle_sn : undefined;
  const status = useLiveMowerStatus(serial);
  const seen = status && `${status.serial_number} ${status.online} ${status.error_reason ?? ''}`;
  const last = useRef<string | undefined>(undefined);
  const arrival = useRef(onArrival);

  useEffect(() => {
    arrival.current = onArrival;
  });
  useEffect(
    () => () => {
      last.current = undefined;
    },
    [],
  );
  useEffect(() => {
    if (seen === undefined) return;
    if (last.current !== undefined && last.current !== seen) arrival.current();
    last.current = seen;
  }, [seen]);
}
