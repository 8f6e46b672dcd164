import { ApiError, NetworkError } from './api-client.ts';
import { hasNativeApp, isNoNativeApp } from './bridge/bridge.ts';

/**
 * Why a request for the user's data failed, as far as the user can do something about it: `signedOut` (the app's
 * session is gone: sign in again in the app) and `notInApp` (a plain browser has no session to give) are ends a
 * Retry can never get past; `offline` (a lost request on an offline phone) and `load` (anything else) are worth
 * another try. One reading for every screen that needs a session (issue 28).
 */
export type RequestFailure = 'offline' | 'notInApp' | 'signedOut' | 'load';

export function requestFailure(error: unknown): RequestFailure {
  // A request lost on the way while the phone is online is a failure to retry, not "offline".
  if (error instanceof NetworkError && !navigator.onLine) return 'offline';
  if (isNoNativeApp(error)) return 'notInApp';
  if (error instanceof ApiError && error.status === 401) return hasNativeApp() ? 'signedOut' : 'notInApp';
  return 'load';
}

/** Whether trying again can help: not when there is no session to try with. */
export function canRetry(failure: RequestFailure): boolean {
  return failure === 'offline' || failure === 'load';
}
