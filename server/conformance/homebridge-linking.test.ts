import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../common/api-types.ts';
import { openLinkInBrowser } from '../testing/oauth-test-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKinds } from '../testing/test-database.ts';

/**
 * homebridge-navimow 0.1.8 links as its source does (LeiterConsulting/navimowhb):
 * - `homebridge-ui/server.js`: `handleAuthStart` listens for the callback on `authCallbackPort` (47129), or on a port
 *   the system picks when that one is taken; `buildRedirectUri` is `http://127.0.0.1:<port>/callback`, or
 *   `browserBaseUrl` with that port when the user reaches Homebridge at another address; `buildAuthorizeUrl` sets
 *   client_id, redirect_uri, response_type and a random hex `state` on `/smartHome/login?channel=homeassistant`.
 *   `exchangeCode` posts `new URLSearchParams({grant_type, client_id, client_secret, code, redirect_uri})` with
 *   fetch (its own content type, charset included) and needs `response.ok` and `access_token`.
 * - `src/navimow-api.ts`, `NavimowTokenStore.refresh`: client_id, client_secret, grant_type, refresh_token as a form.
 * The secret is NavimowHA's published one, registered by the deployment; the demo's stands in for it here.
 */
const CLIENT_ID = 'homeassistant';
const CLIENT_SECRET = 'homeassistant-demo-secret';
const AUTHORIZE_URL = 'http://navimow.test/smartHome/login?channel=homeassistant';
const TOKEN_PATH = '/openapi/oauth/getAccessToken';

/** `buildAuthorizeUrl`. */
function authorizeUrl(state: string, redirectUri: string) {
  const url = new URL(AUTHORIZE_URL);
  url.searchParams.set('client_id', CLIENT_ID);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  return `${url.pathname}${url.search}`;
}

describe.each(testDatabaseKinds)('homebridge-navimow links and refreshes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A fetch body of URLSearchParams, as undici sends it. */
  const fetchForm = (form: Record<string, string>, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: TOKEN_PATH,
      headers: { 'content-type': contentType },
      payload: new URLSearchParams(form).toString(),
    });

  /** `handleAuthStart`, the browser, then `handleCallbackRequest` with `exchangeCode`. */
  async function link(redirectUri: string) {
    const state = randomBytes(18).toString('hex');
    const { callback, consentHost } = await openLinkInBrowser(t.app, authorizeUrl(state, redirectUri));
    expect(`${callback.origin}${callback.pathname}`).toBe(new URL(redirectUri).href.replace(/\/$/, ''));
    expect(callback.searchParams.get('state')).toBe(state);
    const exchange = await fetchForm(
      {
        grant_type: 'authorization_code',
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        code: callback.searchParams.get('code')!,
        redirect_uri: redirectUri,
      },
      'application/x-www-form-urlencoded;charset=UTF-8',
    );
    expect(exchange.statusCode, exchange.body).toBe(200);
    return { token: exchange.json<TokenResponse>(), consentHost };
  }

  it('links on its default port and on one the system picked, with no consent screen, and refreshes', async () => {
    for (const port of [47129, 53127]) {
      const { token, consentHost } = await link(`http://127.0.0.1:${port}/callback`);
      expect(consentHost, String(port)).toBeUndefined();
      const refreshed = await fetchForm(
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          grant_type: 'refresh_token',
          refresh_token: token.refresh_token,
        },
        'application/x-www-form-urlencoded',
      );
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      expect(refreshed.json<TokenResponse>().access_token).toEqual(expect.any(String));
    }
  });

  it('links through `browserBaseUrl` once the user has confirmed that host on the consent screen', async () => {
    const { token, consentHost } = await link('http://homebridge.local:47129/callback');
    expect(consentHost).toBe('homebridge.local:47129');
    expect(token.refresh_token).toEqual(expect.any(String));
  });
});
