import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBridge } from '../testing/fake-bridge.ts';
import { ApiError, apiRequest, NetworkError } from './api-client.ts';
import { refreshAccessToken } from './session.ts';

const fetchMock = vi.fn<typeof fetch>();
let bridge: ReturnType<typeof installFakeBridge> | undefined;

function answer(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** What the page sent with its nth request. */
function sent(index: number) {
  const [url, init] = fetchMock.mock.calls[index]!;
  return { url, init: init!, headers: init!.headers as Record<string, string> };
}

/** A native app whose `getCommonAppData` hands out these tokens, one per call, the last one from then on. */
async function appWithTokens(...tokens: string[]) {
  let calls = 0;
  bridge = installFakeBridge({
    getCommonAppData: () => ({
      code: 0,
      data: {
        vehicle_sn: '',
        email: 'demo@navimow.example',
        client_ver: '3.0.200',
        access_token: tokens[Math.min(calls++, tokens.length - 1)]!,
      },
    }),
  });
  // Each test is a new page load: the session reads the app data (the first token) afresh.
  await refreshAccessToken();
  bridge.requests.length = 0;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  bridge?.uninstall();
  bridge = undefined;
});

describe('apiRequest', () => {
  it('sends JSON under /api/ without cookies and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(answer(201, { id: 'c1' }));
    await expect(apiRequest('/comments', { method: 'POST', body: { rating: 5 } })).resolves.toEqual({ id: 'c1' });
    const { url, init, headers } = sent(0);
    expect(url).toBe('/api/comments');
    expect(init).toMatchObject({ method: 'POST', body: '{"rating":5}', credentials: 'omit' });
    expect(headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('sends a GET without a body and answers a 204 with nothing', async () => {
    fetchMock.mockResolvedValue(answer(204));
    await expect(apiRequest('/health')).resolves.toBeUndefined();
    expect(sent(0).init).toMatchObject({ method: 'GET', body: undefined });
    expect(sent(0).headers).toEqual({ Accept: 'application/json' });
  });

  it('sends the app’s bearer token when the request acts for the user', async () => {
    await appWithTokens('token-1');
    fetchMock.mockResolvedValue(answer(200, { mowers: [] }));
    await apiRequest('/mowers', { auth: true });
    expect(sent(0).headers.Authorization).toBe('Bearer token-1');
  });

  it('after a 401, asks the app for its session again and retries once with the new token', async () => {
    await appWithTokens('expired', 'fresh');
    fetchMock
      .mockResolvedValueOnce(answer(401, { error: { code: 'unauthorized', message: 'x' } }))
      .mockResolvedValue(answer(200, { ok: true }));
    await expect(apiRequest('/mowers', { auth: true })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sent(0).headers.Authorization).toBe('Bearer expired');
    expect(sent(1).headers.Authorization).toBe('Bearer fresh');
    expect(bridge!.callsOf('getCommonAppData')).toHaveLength(1);
  });

  it('gives up after the retry is refused too: no loop', async () => {
    await appWithTokens('expired', 'also-refused', 'never-asked');
    fetchMock.mockImplementation(async () =>
      answer(401, { error: { code: 'unauthorized', message: 'Sign in again.' } }),
    );
    await expect(apiRequest('/mowers', { auth: true })).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(bridge!.callsOf('getCommonAppData')).toHaveLength(1);
  });

  it('does not send the same refused token again', async () => {
    await appWithTokens('same');
    fetchMock.mockResolvedValue(answer(401, { error: { code: 'unauthorized', message: 'x' } }));
    await expect(apiRequest('/mowers', { auth: true })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a token the page signed in itself instead of the app’s, and never swaps it for the app’s on a 401', async () => {
    await appWithTokens('app-token');
    fetchMock.mockResolvedValue(answer(401, { error: { code: 'unauthorized', message: 'x' } }));
    await expect(
      apiRequest('/voice-links/google/app-flip', { method: 'POST', body: {}, auth: true, token: 'own' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent(0).headers.Authorization).toBe('Bearer own');
    expect(bridge!.callsOf('getCommonAppData')).toHaveLength(0);
  });

  it('does not retry a 401 of a request that sent no token', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: { code: 'invalid_credentials', message: 'x' } }));
    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('turns the server’s error body into an ApiError, and any other failure into a generic one', async () => {
    fetchMock.mockResolvedValueOnce(answer(400, { error: { code: 'invalid_body', message: 'rating: required' } }));
    const invalid = await apiRequest('/comments', { method: 'POST', body: {} }).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_body', message: 'rating: required', expected: true });

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const proxy = await apiRequest('/health').catch((error: unknown) => error);
    expect(proxy).toMatchObject({ status: 502, code: 'http_error', expected: false });
  });

  it('says how long to wait after a 429, in seconds or as a date', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(429, { error: { code: 'rate_limited', message: 'x' } }, { 'Retry-After': '42' }),
    );
    await expect(apiRequest('/auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      retryAfterSeconds: 42,
    });
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    fetchMock.mockResolvedValueOnce(
      answer(429, { error: { code: 'rate_limited', message: 'x' } }, { 'Retry-After': inTwoMinutes }),
    );
    const error = (await apiRequest('/auth/login', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it('calls a request that never reached the server a NetworkError, and lets a cancel through', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/health')).rejects.toBeInstanceOf(NetworkError);
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(apiRequest('/health')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reaches the OAuth interaction endpoints with the interaction cookie, only when asked', async () => {
    fetchMock.mockResolvedValue(answer(200, { redirect_to: '/oauth/authorize/x' }));
    await apiRequest('/interaction/abc/login', { method: 'POST', body: {}, under: '/oauth', withCookies: true });
    expect(sent(0).url).toBe('/oauth/interaction/abc/login');
    expect(sent(0).init.credentials).toBe('same-origin');
  });
});
