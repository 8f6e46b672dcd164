import { type ApiEndpointOf, type ApiInput, type ApiOutput, pathOf } from '../../common/api-route.ts';
import type { ApiRouteId, ApiRoutes } from '../../common/api-routes.ts';
import { getAccessToken, refreshAccessToken } from './session.ts';

/**
 * The one HTTP client of the page: calls a route of the API table (common/api-routes.ts) by its id, with the types
 * of its schemas: the JSON API under `/api/` (contract section 4) and, for the account-linking login pages, the
 * authorization server's interaction endpoints under `/oauth/`. A route's endpoint is imported under its id:
 *
 *     import { listMowers } from 'virtual:api-endpoints';
 *     const { mowers } = await callApi(listMowers, { auth: true, signal });
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

/** How a call is sent, besides the route's own input. */
export interface CallOptions {
  /** Sends the signed-in user's bearer token from the native app. */
  auth?: boolean;
  /**
   * Sends this bearer token instead of the app's: a session the page signed in itself, for one request (App Flip
   * when the app has no signed-in user). Never refreshed through the app.
   */
  token?: string;
  signal?: AbortSignal;
}

interface Sent extends CallOptions {
  method: string;
  url: string;
  body: unknown;
  cookies: boolean;
}

async function send(request: Sent, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      // The interaction endpoints' cookie names the login in progress; nothing else of the API reads a cookie.
      credentials: request.cookies ? 'same-origin' : 'omit',
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

async function request(sent: Sent): Promise<unknown> {
  const token = sent.token ?? (sent.auth ? await getAccessToken() : undefined);
  let response = await send(sent, token);
  if (response.status === 401 && sent.auth && sent.token === undefined) {
    // The app may have refreshed its session since the page asked: ask it once more and retry once, and only
    // with a token that changed, so that a rejected token never loops.
    const refreshed = await refreshAccessToken();
    if (refreshed && refreshed !== token) response = await send(sent, refreshed);
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined;
  return await response.json();
}

/** The query string of a call: its defined values only, `?` included when there is one. */
function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL of a call of a route, its parameters filled in (for what `fetch` does not open: an EventSource). */
export function apiUrl<Id extends ApiRouteId>(endpoint: ApiEndpointOf<Id>, input: ApiInput<ApiRoutes[Id]>): string {
  const { params, query } = input as { params?: Record<string, string>; query?: Record<string, unknown> };
  return pathOf(endpoint.path, params) + queryString(query);
}

type CallInput<Id extends ApiRouteId> = ApiInput<ApiRoutes[Id]> & CallOptions;

/**
 * Calls a route of the API table with its input (path parameters, query, body): resolves with its answer, or
 * rejects with an `ApiError` (the server's answer to a 4xx or 5xx) or a `NetworkError`.
 */
export async function callApi<Id extends ApiRouteId>(
  endpoint: ApiEndpointOf<Id>,
  ...[input]: Record<never, never> extends CallInput<Id> ? [CallInput<Id>?] : [CallInput<Id>]
): Promise<ApiOutput<ApiRoutes[Id]>> {
  const given = (input ?? {}) as CallInput<Id> & { body?: unknown };
  const { method, cookies } = endpoint;
  return (await request({
    method,
    url: apiUrl(endpoint, given),
    body: given.body,
    cookies: cookies === true,
    auth: given.auth,
    token: given.token,
    signal: given.signal,
  })) as ApiOutput<ApiRoutes[Id]>;
}
