import { ApiError, NetworkError } from './api-client.ts';
import { hasNativeApp, isNoNativeApp } from './bridge/bridge.ts';

/** Why a request of a screen failed, as far as the user can do something about it; `other` is a failure to retry. */
export type RequestFailure = 'offline' | 'signedOut' | 'notInApp' | 'other';

export function requestFailure(error: unknown): RequestFailure {
  // A request lost on the way while the phone is online is a failure to retry, not "offline".
  if (error instanceof NetworkError && !navigator.onLine) return 'offline';
  if (isNoNativeApp(error)) return 'notInApp';
  if (error instanceof ApiError && error.status === 401) return hasNativeApp() ? 'signedOut' : 'notInApp';
  return 'other';
}
