import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { hasNativeApp } from '../../lib/bridge/bridge.ts';

export type LoadFailure = 'offline' | 'notInApp' | 'signedOut' | 'load';

/** What a screen says when its data did not load: only a lost request on an offline phone is "offline". */
export function loadFailure(error: unknown): LoadFailure {
  if (error instanceof NetworkError && !navigator.onLine) return 'offline';
  if (error instanceof ApiError && error.status === 401) return hasNativeApp() ? 'signedOut' : 'notInApp';
  return 'load';
}
