/**
 * The authorization server's interaction endpoints behind the login pages (server/modules/oauth). They live
 * outside `/api/` because the interaction cookie is scoped to `/oauth/interaction/<uid>`.
 */

export type ClientKind = 'alexa' | 'google' | 'third_party';

export interface InteractionDetails {
  client: { id: string; name: string; kind: ClientKind };
  scopes: string[];
  channel: string | null;
}

export type InteractionFailure =
  | { kind: 'wrong-credentials' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'expired' }
  | { kind: 'network' }
  | { kind: 'unknown' };

export class InteractionError extends Error {
  readonly failure: InteractionFailure;

  constructor(failure: InteractionFailure) {
    super(failure.kind);
    this.failure = failure;
  }
}

const UID = /^[A-Za-z0-9_-]{10,64}$/;

export function isInteractionUid(value: string | null): value is string {
  return value !== null && UID.test(value);
}

async function send(path: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { credentials: 'same-origin', cache: 'no-store', ...init });
  } catch {
    throw new InteractionError({ kind: 'network' });
  }
}

async function failureOf(response: Response): Promise<InteractionError> {
  if (response.status === 401) return new InteractionError({ kind: 'wrong-credentials' });
  if (response.status === 429) {
    return new InteractionError({ kind: 'throttled', retryAfterSeconds: Math.max(1, Number(response.headers.get('Retry-After')) || 60) });
  }
  if (response.status === 400) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string } } | null;
    if (body?.error?.code === 'interaction_expired') return new InteractionError({ kind: 'expired' });
  }
  return new InteractionError({ kind: 'unknown' });
}

/** Only the authorization server's own resume URL is followed: never a redirect taken from elsewhere. */
function checkedRedirect(body: unknown): string {
  const target = (body as { redirect_to?: unknown } | null)?.redirect_to;
  if (typeof target !== 'string') throw new InteractionError({ kind: 'unknown' });
  const url = new URL(target, window.location.origin);
  if (url.origin !== window.location.origin || !url.pathname.startsWith('/oauth/')) {
    throw new InteractionError({ kind: 'unknown' });
  }
  return url.href;
}

export async function getInteractionDetails(uid: string): Promise<InteractionDetails> {
  const response = await send(`/oauth/interaction/${uid}/details`);
  if (!response.ok) throw await failureOf(response);
  return (await response.json()) as InteractionDetails;
}

/** "Agree and Link": signs in and consents; resolves with where the browser goes next. */
export async function submitLogin(uid: string, account: string, password: string): Promise<string> {
  const response = await send(`/oauth/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  if (!response.ok) throw await failureOf(response);
  return checkedRedirect(await response.json());
}

/** "Cancel": resolves with the redirect that tells the client the user said no. */
export async function abortLinking(uid: string): Promise<string> {
  const response = await send(`/oauth/interaction/${uid}/abort`, { method: 'POST' });
  if (!response.ok) throw await failureOf(response);
  return checkedRedirect(await response.json());
}
