import { useEffect, useEffectEvent } from 'react';
import { NetworkError } from '../../lib/api-client.ts';

/** A page that failed for want of a network is asked for again as soon as the device is back online. */
export function useRetryOnReconnect(error: unknown, retry: () => void): void {
  const onOnline = useEffectEvent(retry);
  const offline = error instanceof NetworkError;
  useEffect(() => {
    if (!offline) return;
    const listener = () => onOnline();
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  }, [offline]);
}
