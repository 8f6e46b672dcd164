import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '../../common/api-types.ts';
import { DEMO } from '../db/seed.ts';
import { openLinkInBrowser, postForm } from '../testing/oauth-test-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKinds } from '../testing/test-database.ts';

/**
 * Google Home account linking (cloud-to-cloud) as Google's "Implement an OAuth 2.0 server" page says it calls us:
 * - the authorization endpoint opened in the user's browser with client_id, redirect_uri, state, scope,
 *   response_type=code and user_locale, no PKCE;
 * - the token exchange endpoint with a form POST, client_id and client_secret in the body: grant_type
 *   authorization_code with code and redirect_uri, and later grant_type refresh_token with refresh_token;
 * - it expects token_type "Bearer", access_token, refresh_token and expires_in, and errors as `invalid_grant` 400.
 * Then Google's SYNC intent with the access token.
 */
const GOOGLE = {
  id: 'google',
  secret: 'google-demo-secret',
  redirectUri: 'https://oauth-redirect.googleusercontent.com/r/navimow-demo',
};
const TOKEN_URL = '/oauth/token';
const HOUR_MS = 60 * 60 * 1000;

describe.each(testDatabaseKinds)('Google Home account linking on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => {
    vi.useRealTimers();
    return t.close();
  });

  const sync = (accessToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/smarthome/google',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { requestId: randomUUID(), inputs: [{ intent: 'action.devices.SYNC' }] },
    });

  /** Google's code exchange: a form POST with its client id and secret in the body. */
  const redeem = (code: string) =>
    postForm(t.app, TOKEN_URL, {
      client_id: GOOGLE.id,
      client_secret: GOOGLE.secret,
      grant_type: 'authorization_code',
      code,
      redirect_uri: GOOGLE.redirectUri,
    });

  async function link(userLocale = 'de-DE') {
    const state = `google-${randomUUID()}`;
    const query = new URLSearchParams({
      client_id: GOOGLE.id,
      redirect_uri: GOOGLE.redirectUri,
      state,
      scope: 'mower:read mower:control',
      response_type: 'code',
      user_locale: userLocale,
    });
    const { loginPage, callback } = await openLinkInBrowser(t.app, `/smartHome/login?${query}`);
    return { loginPage, callback, state };
  }

  it('links without PKCE in the user’s language, redeems with the secret in the body, and answers SYNC', async () => {
    const { loginPage, callback, state } = await link('de-DE');
    expect(loginPage.pathname).toBe('/smartHome/login');
    expect(loginPage.searchParams.get('lang')).toBe('de');
    expect(`${callback.origin}${callback.pathname}`).toBe(GOOGLE.redirectUri);
    expect(callback.searchParams.get('state')).toBe(state);

    const response = await redeem(callback.searchParams.get('code')!);
    expect(response.statusCode, response.body).toBe(200);
    const tokens = response.json<TokenResponse>();
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 3600,
    });

    const devices = await sync(tokens.access_token);
    expect(devices.statusCode).toBe(200);
    expect(devices.json()).toMatchObject({ payload: { agentUserId: DEMO.owner.id } });
    expect(
      devices.json<{ payload: { devices: { id: string }[] } }>().payload.devices.map((device) => device.id),
    ).toContain(DEMO.mowers.owned.serial);
  });

  it('refreshes an hour later with the secret in the body, and SYNC works with the new token only', async () => {
    const { callback } = await link('en-US');
    const issued = await redeem(callback.searchParams.get('code')!);
    const tokens = issued.json<TokenResponse>();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + HOUR_MS + 60_000);
    expect((await sync(tokens.access_token)).statusCode).toBe(401);
    const refreshed = await postForm(t.app, TOKEN_URL, {
      client_id: GOOGLE.id,
      client_secret: GOOGLE.secret,
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const renewed = refreshed.json<TokenResponse>();
    expect(renewed).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect((await sync(renewed.access_token)).statusCode).toBe(200);
    vi.useRealTimers();
  });

  it('answers a code used twice or redeemed with a wrong secret as Google expects: invalid_grant 400, invalid_client 401', async () => {
    const { callback } = await link();
    const code = callback.searchParams.get('code')!;
    const form = { client_id: GOOGLE.id, grant_type: 'authorization_code', code, redirect_uri: GOOGLE.redirectUri };
    const wrongSecret = await postForm(t.app, TOKEN_URL, { ...form, client_secret: 'not-the-secret' });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    expect((await postForm(t.app, TOKEN_URL, { ...form, client_secret: GOOGLE.secret })).statusCode).toBe(200);
    const again = await postForm(t.app, TOKEN_URL, { ...form, client_secret: GOOGLE.secret });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
