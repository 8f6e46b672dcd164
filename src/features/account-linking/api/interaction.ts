import type {
  InteractionDetailsResponse,
  InteractionLoginResponse,
  InteractionRedirectResponse,
  LoginRequest,
} from '../../../../common/api-types.ts';
import { interactionAbort, interactionConfirm, interactionDetails, interactionLogin } from 'virtual:api-endpoints';
import { ApiError, callApi, NetworkError } from '../../../lib/api-client.ts';
import { isExpectedError } from '../../../lib/error-reporting/error-reporting.ts';

/**
 * The authorization server's interaction endpoints behind the login pages (server/modules/oauth), through the
 * one API client: they live under `/oauth/`, not `/api/`, and send the interaction cookie (common/api/oauth.ts).
 */

export type InteractionFailure =
  | { kind: 'wrong-credentials' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'expired' }
  | { kind: 'network' }
  | { kind: 'unknown' };

export class InteractionError extends Error {
  readonly failure: InteractionFailure;

  constructor(failure: InteractionFailure, options?: ErrorOptions) {
    super(failure.kind, options);
    this.failure = failure;
  }

  /** What the user can act on is expected; an unknown failure is as expected as what caused it. */
  get expected(): boolean {
    return this.failure.kind !== 'unknown' || isExpectedError(this.cause);
  }
}

const UID = /^[A-Za-z0-9_-]{10,64}$/;

export function isInteractionUid(value: string | null): value is string {
  return value !== null && UID.test(value);
}

function failureOf(error: unknown): InteractionFailure {
  if (error instanceof NetworkError) return { kind: 'network' };
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'wrong-credentials' };
    if (error.status === 429)
      return { kind: 'throttled', retryAfterSeconds: Math.max(1, error.retryAfterSeconds ?? 60) };
    if (error.status === 400 && error.code === 'interaction_expired') return { kind: 'expired' };
  }
  return { kind: 'unknown' };
}

/** A call of an interaction endpoint, its failure turned into what the login page shows. */
async function interaction<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw new InteractionError(failureOf(error), { cause: error });
  }
}

/** Only the authorization server's own resume URL is followed: never a redirect taken from elsewhere. */
function checkedRedirect(body: Partial<InteractionRedirectResponse> | null): string {
  const target = body?.redirect_to;
  if (typeof target !== 'string') throw new InteractionError({ kind: 'unknown' });
  const url = new URL(target, window.location.origin);
  if (url.origin !== window.location.origin || !url.pathname.startsWith('/oauth/')) {
    throw new InteractionError({ kind: 'unknown' });
  }
  return url.href;
}

export function getInteractionDetails(uid: string): Promise<InteractionDetailsResponse> {
  return interaction(callApi(interactionDetails, { params: { uid } }));
}

/** What follows the sign-in: the way back to the client, or the consent screen naming the host it would go to. */
export type LoginOutcome = { redirectTo: string } | { confirmHost: string };

/** "Agree and Link": signs in and consents, unless the redirect's host must be confirmed first. */
export async function submitLogin(uid: string, account: string, password: string): Promise<LoginOutcome> {
  const body: LoginRequest = { account, password };
  const answer: Partial<InteractionLoginResponse> | null = await interaction(
    callApi(interactionLogin, { params: { uid }, body }),
  );
  if (answer && 'confirm_host' in answer && typeof answer.confirm_host === 'string') {
    return { confirmHost: answer.confirm_host };
  }
  return { redirectTo: checkedRedirect(answer as Partial<InteractionRedirectResponse> | null) };
}

/** "Continue" on the consent screen: the user owns the host it named; resolves with where the browser goes next. */
export async function confirmLinking(uid: string): Promise<string> {
  return checkedRedirect(await interaction(callApi(interactionConfirm, { params: { uid } })));
}

/** "Cancel": resolves with the redirect that tells the client the user said no. */
export async function abortLinking(uid: string): Promise<string> {
  return checkedRedirect(await interaction(callApi(interactionAbort, { params: { uid } })));
}
