import { getAccessToken, refreshAccessToken } from './session.ts';

/** The one HTTP client for `/api/` (contract section 4). */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** The request never reached the server (offline, DNS, connection reset); it is safe to retry. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sends the signed-in user's bearer token from the native app. */
  auth?: boolean;
  signal?: AbortSignal;
}

async function send(path: string, request: ApiRequest, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(`/api${path}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: 'omit',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError('network request failed', { cause: error });
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string' && typeof body.error.message === 'string') {
      return new ApiError(response.status, body.error.code, body.error.message);
    }
  } catch {
    // Not our JSON error (a proxy's page, say): fall through to a generic one.
  }
  return new ApiError(response.status, 'http_error', `HTTP ${response.status}`);
}

export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  let token = request.auth ? await getAccessToken() : undefined;
  let response = await send(path, request, token);
  if (response.status === 401 && request.auth) {
    // The app may have refreshed its session since we asked; ask once more, then give up.
    token = await refreshAccessToken();
    response = await send(path, request, token);
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
