import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../common/api-types.ts';
import { openLinkInBrowser, postForm } from '../testing/oauth-test-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKinds } from '../testing/test-database.ts';

/**
 * ioBroker.navimow 1.1.1 links as its source does, request by request (TA2k/ioBroker.navimow):
 * - `admin/jsonConfig.json`'s "Open Navimow Login" button opens the login page with channel, client_id, response_type
 *   and `redirect_uri=http://localhost:1/callback`: no state, no PKCE, no scope. Nothing listens on port 1; the user
 *   copies the address the browser could not open into the adapter's settings.
 * - `main.js` takes `code` from that address (`new URL(authCode).searchParams.get('code')`) and `exchangeCodeForToken`
 *   posts it with axios as a form: grant_type, code, client_id, client_secret, redirect_uri, in that order.
 *   `refreshToken`: grant_type, refresh_token, client_id, client_secret. It needs `access_token` and `expires_in`.
 * - Then `getAuthHeaders()` on /openapi/smarthome/authList: Bearer, JSON content type, a `requestId`.
 * The secret is the one NavimowHA publishes; a deployment registers it for the `homeassistant` client (docs/
 * voice-assistants.md), here the demo's stands in for it.
 */
const CLIENT_ID = 'homeassistant';
const CLIENT_SECRET = 'homeassistant-demo-secret';
const REDIRECT_URI = 'http://localhost:1/callback';
const TOKEN_URL = '/openapi/oauth/getAccessToken';
const LOGIN_LINK =
  '/smartHome/login?channel=homeassistant&client_id=homeassistant&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%3A1%2Fcallback';

describe.each(testDatabaseKinds)('ioBroker.navimow links and refreshes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const authList = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/openapi/smarthome/authList',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', requestid: randomUUID() },
    });

  it('links through its loopback redirect on port 1 without a consent screen, redeems the pasted code and refreshes', async () => {
    const { loginPage, callback, consentHost } = await openLinkInBrowser(t.app, LOGIN_LINK);
    expect(loginPage.searchParams.get('channel')).toBe('homeassistant');
    // A loopback redirect registered without a port (RFC 8252 7.3): nobody but the user's own machine gets the code.
    expect(consentHost).toBeUndefined();
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.has('state')).toBe(false);

    // The address the user pastes, as the adapter reads it.
    const code = new URL(callback.href).searchParams.get('code')!;
    const exchange = await postForm(t.app, TOKEN_URL, {
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uri: REDIRECT_URI,
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    const token = exchange.json<TokenResponse>();
    expect(token).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
    expect(token.expires_in).toBeGreaterThan(300);
    expect((await authList(token.access_token)).json()).toMatchObject({ code: 1 });

    const refreshed = await postForm(t.app, TOKEN_URL, {
      grant_type: 'refresh_token',
      refresh_token: token.refresh_token,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = refreshed.json<TokenResponse>();
    expect(next.refresh_token).not.toBe(token.refresh_token);
    expect((await authList(next.access_token)).statusCode).toBe(200);
  });
});
