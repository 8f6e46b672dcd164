import { useEffect, useEffectEvent } from 'react';

/**
 * Calls `onBackOnline` when the connection comes back while `waiting` (a load or a send that failed for want of
 * a network). The listener lives as long as the component and reads `waiting` when the event comes, so an
 * `online` event right after the failure is shown, before an effect keyed on the failure would have run, is not
 * missed.
 */
export function useBackOnline(waiting: boolean, onBackOnline: () => void): void {
  const onOnline = useEffectEvent(() => {
    if (waiting) onBackOnline();
  });
  useEffect(() => {
    const listener = () => onOnline();
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  }, []);
}
