import { getAccessToken, refreshAccessToken } from './session.ts';

/**
 * The one HTTP client of the page: the JSON API under `/api/` (contract section 4) and, for the account-linking
 * login pages, the authorization server's interaction endpoints under `/oauth/`.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** From `Retry-After` (seconds or a date), when the server sent one: a 429 says how long to wait. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, code: string, message: string, retryAfterSeconds?: number) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** A 4xx is an answer the screen explains (a bad input, signed out, too many attempts); a 5xx is a defect. */
  get expected(): boolean {
    return this.status < 500;
  }
}

/** The request never reached the server (offline, DNS, connection reset); it is safe to retry. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  /** Phones lose their connection; the screen says so and retries, nothing to report. */
  readonly expected = true;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sends the signed-in user's bearer token from the native app. */
  auth?: boolean;
  /**
   * Sends this bearer token instead of the app's: a session the page signed in itself, for one request (App Flip
   * when the app has no signed-in user). Never refreshed through the app.
   */
  token?: string;
  signal?: AbortSignal;
  /**
   * Where `path` lives: the API, or the OAuth interaction endpoints, which sit outside `/api/` because the
   * authorization server scopes its interaction cookie to `/oauth/interaction/<uid>`.
   */
  under?: '/api' | '/oauth';
  /**
   * Sends this origin's cookies, for the OAuth interaction cookie. The API itself never sees a cookie (it
   * authenticates with bearer tokens), so a request that does not ask for them carries none.
   */
  withCookies?: boolean;
}

async function send(path: string, request: ApiRequest, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(`${request.under ?? '/api'}${path}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: request.withCookies ? 'same-origin' : 'omit',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError('network request failed', { cause: error });
  }
}

function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function toApiError(response: Response): Promise<ApiError> {
  const retryAfter = retryAfterSeconds(response.headers.get('Retry-After'));
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string' && typeof body.error.message === 'string') {
      return new ApiError(response.status, body.error.code, body.error.message, retryAfter);
    }
  } catch {
    // Not our JSON error (a proxy's page, say): fall through to a generic one.
  }
  return new ApiError(response.status, 'http_error', `HTTP ${response.status}`, retryAfter);
}

export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const token = request.token ?? (request.auth ? await getAccessToken() : undefined);
  let response = await send(path, request, token);
  if (response.status === 401 && request.auth && request.token === undefined) {
    // The app may have refreshed its session since the page asked: ask it once more and retry once, and only
    // with a token that changed, so that a rejected token never loops.
    const refreshed = await refreshAccessToken();
    if (refreshed && refreshed !== token) response = await send(path, request, refreshed);
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
