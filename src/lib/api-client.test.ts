import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBridge } from '../testing/fake-bridge.ts';
import {
  createLiveTicket,
  health,
  interactionLogin,
  listMowers,
  liveStatus,
  setWinterMode,
} from 'virtual:api-endpoints';
import { ApiError, apiUrl, callApi, NetworkError } from './api-client.ts';
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

describe('callApi', () => {
  it('sends JSON to the route’s path, its parameters encoded, without cookies, and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(answer(200, { serial_number: 'A 1/2' }));
    await expect(callApi(setWinterMode, { params: { serial: 'A 1/2' }, body: { enabled: true } })).resolves.toEqual({
      serial_number: 'A 1/2',
    });
    const { url, init, headers } = sent(0);
    expect(url).toBe('/api/mowers/A%201%2F2/winter-mode');
    expect(init).toMatchObject({ method: 'PUT', body: '{"enabled":true}', credentials: 'omit' });
    expect(headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('sends a GET without a body and answers a 204 with nothing', async () => {
    fetchMock.mockResolvedValue(answer(204));
    await expect(callApi(health)).resolves.toBeUndefined();
    expect(sent(0).init).toMatchObject({ method: 'GET', body: undefined });
    expect(sent(0).headers).toEqual({ Accept: 'application/json' });
  });

  it('sends the app’s bearer token when the request acts for the user', async () => {
    await appWithTokens('token-1');
    fetchMock.mockResolvedValue(answer(200, { mowers: [] }));
    await callApi(listMowers, { auth: true });
    expect(sent(0).headers.Authorization).toBe('Bearer token-1');
  });

  it('after a 401, asks the app for its session again and retries once with the new token', async () => {
    await appWithTokens('expired', 'fresh');
    fetchMock
      .mockResolvedValueOnce(answer(401, { error: { code: 'unauthorized', message: 'x' } }))
      .mockResolvedValue(answer(200, { ok: true }));
    await expect(callApi(listMowers, { auth: true })).resolves.toEqual({ ok: true });
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
    await expect(callApi(listMowers, { auth: true })).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(bridge!.callsOf('getCommonAppData')).toHaveLength(1);
  });

  it('does not send the same refused token again', async () => {
    await appWithTokens('same');
    fetchMock.mockResolvedValue(answer(401, { error: { code: 'unauthorized', message: 'x' } }));
    await expect(callApi(listMowers, { auth: true })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a token the page signed in itself instead of the app’s, and never swaps it for the app’s on a 401', async () => {
    await appWithTokens('app-token');
    fetchMock.mockResolvedValue(answer(401, { error: { code: 'unauthorized', message: 'x' } }));
    await expect(
      callApi(createLiveTicket, { params: { serial: 'S1' }, auth: true, token: 'own' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent(0).headers.Authorization).toBe('Bearer own');
    expect(bridge!.callsOf('getCommonAppData')).toHaveLength(0);
  });

  it('does not retry a 401 of a request that sent no token', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: { code: 'invalid_credentials', message: 'x' } }));
    await expect(callApi(health)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('turns the server’s error body into an ApiError, and any other failure into a generic one', async () => {
    fetchMock.mockResolvedValueOnce(answer(400, { error: { code: 'invalid_body', message: 'rating: required' } }));
    const invalid = await callApi(setWinterMode, { params: { serial: 'S1' }, body: { enabled: true } }).catch(
      (error: unknown) => error,
    );
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_body', message: 'rating: required', expected: true });

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const proxy = await callApi(health).catch((error: unknown) => error);
    expect(proxy).toMatchObject({ status: 502, code: 'http_error', expected: false });
  });

  it('says how long to wait after a 429, in seconds or as a date', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(429, { error: { code: 'rate_limited', message: 'x' } }, { 'Retry-After': '42' }),
    );
    await expect(callApi(health)).rejects.toMatchObject({ retryAfterSeconds: 42 });
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    fetchMock.mockResolvedValueOnce(
      answer(429, { error: { code: 'rate_limited', message: 'x' } }, { 'Retry-After': inTwoMinutes }),
    );
    const error = (await callApi(health).catch((caught: unknown) => caught)) as ApiError;
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it('calls a request that never reached the server a NetworkError, and lets a cancel through', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(callApi(health)).rejects.toBeInstanceOf(NetworkError);
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(callApi(health)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends the interaction cookie to the OAuth interaction endpoints, and to no other', async () => {
    fetchMock.mockResolvedValue(answer(200, { redirect_to: '/oauth/authorize/x' }));
    await callApi(interactionLogin, { params: { uid: 'abc' }, body: { account: 'a', password: 'p' } });
    expect(sent(0).url).toBe('/oauth/interaction/abc/login');
    expect(sent(0).init.credentials).toBe('same-origin');
  });

  it('builds a URL with its query, leaving out what is undefined', () => {
    expect(apiUrl(liveStatus, { params: { serial: 'S 1' }, query: { ticket: 'a&b' } })).toBe(
      '/api/mowers/S%201/live?ticket=a%26b',
    );
    expect(apiUrl(liveStatus, { params: { serial: 'S1' }, query: { ticket: undefined } })).toBe('/api/mowers/S1/live');
    expect(() => apiUrl(liveStatus, { params: { serial: '' } })).toThrow(TypeError);
  });
});
