import { requestFailure as readFailure } from '../../lib/request-failure.ts';

/** Why a request of these screens failed, as far as the user can do something about it. */
export type RequestFailure = 'offline' | 'signedOut' | 'notInApp' | 'other';

/** src/lib/request-failure.ts, in these screens' words: a failure Retry may get past is `other`. */
export function requestFailure(error: unknown): RequestFailure {
  const failure = readFailure(error);
  return failure === 'load' ? 'other' : failure;
}
