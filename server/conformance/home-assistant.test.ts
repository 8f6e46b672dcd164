import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '../../common/api-types.ts';
import { DEMO } from '../db/seed.ts';
import { REFRESH_RETRY_GRACE_MS } from '../modules/accounts/public.ts';
import { CookieJar, openLinkInBrowser, postForm } from '../testing/oauth-test-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKinds } from '../testing/test-database.ts';

/**
 * Home Assistant's Navimow integration as its code links and refreshes, replayed request by request (it cannot be
 * installed here): NavimowHA's `const.py` and `auth.py` on Home Assistant's `LocalOAuth2Implementation`
 * (homeassistant/helpers/config_entry_oauth2_flow.py).
 * - Authorize: `OAUTH2_AUTHORIZE` is the login page itself; `LocalOAuth2Implementation.async_generate_authorize_url`
 *   replaces its query with response_type, client_id, redirect_uri and a JWT `state`, and NavimowHA appends
 *   `channel=homeassistant` again. No PKCE, no scope.
 * - Token (`_token_request`): a form POST to `OAUTH2_TOKEN` (/openapi/oauth/getAccessToken) with client_id and
 *   client_secret in the body, `resp.raise_for_status()` then `resp.json()`; `async_refresh_token` reads
 *   `int(expires_in)`. Refresh: grant_type, client_id, refresh_token (+ client_secret).
 * - NavimowHA's `_async_refresh_token`: no `refresh_token` in the token, or an error whose text has 401 or 403, sends
 *   the user to re-authenticate; anything else (aiohttp's "400, message='Bad Request'") counts as passing and is
 *   retried for ever.
 * - Then navimow-sdk's `MowerAPI.async_get_devices`: GET /openapi/smarthome/authList, Bearer and a `requestId`.
 */
const CLIENT = { id: 'homeassistant', secret: 'homeassistant-demo-secret' };
/** `MY_AUTH_CALLBACK_PATH`: the redirect URI of every Home Assistant with the default `my` integration. */
const REDIRECT_URI = 'https://my.home-assistant.io/redirect/oauth';
const TOKEN_PATH = '/openapi/oauth/getAccessToken';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Home Assistant's `_encode_jwt`: HS256 over the flow id and redirect URI, with its own secret. */
function flowState(flowId: string, redirectUri = REDIRECT_URI) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ flow_id: flowId, redirect_uri: redirectUri })}`;
  return `${body}.${createHmac('sha256', 'ha-instance-secret').update(body).digest('base64url')}`;
}

/** What `async_generate_authorize_url` answers, in its order (yarl's query, then urlencode with channel last). */
function authorizeUrl(state: string, redirectUri = REDIRECT_URI) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT.id,
    redirect_uri: redirectUri,
    state,
    channel: 'homeassistant',
  });
  return `/smartHome/login?${query}`;
}

describe.each(testDatabaseKinds)('Home Assistant (NavimowHA) links and keeps its link on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => {
    vi.useRealTimers();
    return t.close();
  });

  /** `async_resolve_external_data`: the code from the callback, the redirect URI from the decoded state. */
  const redeem = (code: string, redirectUri = REDIRECT_URI) =>
    postForm(t.app, TOKEN_PATH, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
    });
  /** `_async_refresh_token` through `_token_request`. */
  const refresh = (refreshToken: string) =>
    postForm(t.app, TOKEN_PATH, {
      grant_type: 'refresh_token',
      client_id: CLIENT.id,
      refresh_token: refreshToken,
      client_secret: CLIENT.secret,
    });
  const authList = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/openapi/smarthome/authList',
      headers: { authorization: `Bearer ${accessToken}`, requestid: randomUUID() },
    });

  /** A new Home Assistant instance adding the integration: the flow in the user's browser, then the code redeemed. */
  async function addIntegration(jar = new CookieJar()): Promise<TokenResponse> {
    const state = flowState(randomUUID().replace(/-/g, ''));
    const { loginPage, callback, consentHost } = await openLinkInBrowser(t.app, authorizeUrl(state), { jar });
    expect(consentHost).toBeUndefined();
    expect(loginPage.pathname).toBe('/smartHome/login');
    expect(loginPage.searchParams.get('channel')).toBe('homeassistant');
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);
    const response = await redeem(callback.searchParams.get('code')!);
    expect(response.statusCode, response.body).toBe(200);
    // aiohttp's resp.json() refuses any other content type.
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json<TokenResponse>();
  }

  async function at<T>(time: number, action: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(time);
    return action();
  }

  it('links without PKCE or scope, with the secret in the body, and lists the mowers with the token', async () => {
    const token = await addIntegration();
    expect(token).toMatchObject({ token_type: 'Bearer', refresh_token: expect.any(String) });
    expect(Number.isInteger(token.expires_in) && token.expires_in > 0).toBe(true);

    const devices = await authList(token.access_token);
    expect(devices.statusCode).toBe(200);
    expect(devices.json()).toMatchObject({ code: 1 });
    const ids = devices
      .json<{ data: { payload: { devices: { serial_number: string }[] } } }>()
      .data.payload.devices.map((device) => device.serial_number);
    expect(ids.sort()).toEqual([DEMO.mowers.owned.serial, DEMO.mowers.shared.serial]);
  });

  it('links an instance without My Home Assistant at its own URL once the user confirmed that host', async () => {
    // `async_get_redirect_uri` without the `my` integration: the instance's URL and AUTH_CALLBACK_PATH.
    const ownCallback = 'http://homeassistant.local:8123/auth/external/callback';
    const state = flowState(randomUUID().replace(/-/g, ''), ownCallback);
    const { callback, consentHost } = await openLinkInBrowser(t.app, authorizeUrl(state, ownCallback));
    expect(consentHost).toBe('homeassistant.local:8123');
    expect(`${callback.origin}${callback.pathname}`).toBe(ownCallback);
    expect(callback.searchParams.get('state')).toBe(state);
    const response = await redeem(callback.searchParams.get('code')!, ownCallback);
    expect(response.statusCode, response.body).toBe(200);
    const token = response.json<TokenResponse>();
    expect((await refresh(token.refresh_token)).statusCode).toBe(200);
  });

  it('refreshes for more than a year without a new sign-in, each refresh giving a working token', async () => {
    const start = Date.now();
    let token = await addIntegration();
    // Home Assistant refreshes when the access token is about to end; a refresh a month apart is the slowest it
    // could go, and 13 of them outlast the grant's one-year lifetime unless use keeps the link alive.
    for (let month = 1; month <= 13; month++) {
      const response = await at(start + month * 30 * DAY_MS, () => refresh(token.refresh_token));
      expect(response.statusCode, `month ${month}: ${response.body}`).toBe(200);
      token = { ...token, ...response.json<TokenResponse>() };
      expect(token.refresh_token).toEqual(expect.any(String));
      expect((await authList(token.access_token)).statusCode, `month ${month}`).toBe(200);
    }
    vi.useRealTimers();
  });

  it('sends Home Assistant back to re-authenticate (401) when its refresh token is dead, not to retry for ever', async () => {
    const token = await addIntegration();
    const first = await refresh(token.refresh_token);
    expect(first.statusCode).toBe(200);
    // The used token, past the seconds in which a retry gets the first answer: a replay, which ends the link.
    const replay = await at(Date.now() + REFRESH_RETRY_GRACE_MS + 1_000, () => refresh(token.refresh_token));
    vi.useRealTimers();
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    const unknown = await refresh('not-a-refresh-token');
    expect(unknown.statusCode).toBe(401);
    // The RFC 6749 endpoint itself keeps RFC 6749's 400.
    const rfc = await postForm(t.app, '/oauth/token', {
      grant_type: 'refresh_token',
      client_id: CLIENT.id,
      refresh_token: 'not-a-refresh-token',
      client_secret: CLIENT.secret,
    });
    expect(rfc.statusCode).toBe(400);
    // A wrong secret is the client's fault, not the user's: 401 invalid_client on both paths, as RFC 6749 says.
    const wrongSecret = await postForm(t.app, TOKEN_PATH, {
      grant_type: 'refresh_token',
      client_id: CLIENT.id,
      refresh_token: 'x',
      client_secret: 'wrong-secret',
    });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('gives several Home Assistant instances on one account each a link of their own, even from one browser', async () => {
    const jar = new CookieJar();
    const kitchen = await addIntegration(jar);
    const cabin = await addIntegration(jar);

    // The cabin's instance replays an old refresh token (restored from a backup): its own link ends, the kitchen's
    // does not.
    const rotated = await refresh(cabin.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const replay = await at(Date.now() + REFRESH_RETRY_GRACE_MS + 1_000, () => refresh(cabin.refresh_token));
    expect(replay.statusCode).toBe(401);
    expect((await authList(rotated.json<TokenResponse>().access_token)).statusCode).toBe(401);

    const kitchenRefresh = await refresh(kitchen.refresh_token);
    vi.useRealTimers();
    expect(kitchenRefresh.statusCode).toBe(200);
    expect((await authList(kitchenRefresh.json<TokenResponse>().access_token)).statusCode).toBe(200);
  });
});
