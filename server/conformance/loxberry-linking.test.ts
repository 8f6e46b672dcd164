import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../common/api-types.ts';
import { openLinkInBrowser, postForm } from '../testing/oauth-test-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKinds } from '../testing/test-database.ts';

/**
 * The LoxBerry Navimow plugin 1.0.3 links as its source does (mschlenstedt/LoxBerry-Plugin-Navimow):
 * - `webfrontend/htmlauth/index.cgi` builds the callback `$scheme://$HTTP_HOST/admin/plugins/<folder>/oauth_callback.php`,
 *   percent-encodes every character but `A-Za-z0-9-_.~`, and links to `/smartHome/login?channel=homeassistant&
 *   redirect_uri=<it>`: no client_id, no response_type, no state, no PKCE.
 * - `oauth_callback.php` rebuilds the same callback and posts `http_build_query` of grant_type, code, redirect_uri,
 *   client_id, client_secret; it takes `access_token` and keeps only `refresh_token`.
 * - `bin/navimow_gateway.py`, `_do_token_refresh`: aiohttp form of grant_type, refresh_token, client_id, client_secret;
 *   anything but 200 is a failure.
 * The secret is NavimowHA's published one, registered by the deployment; the demo's stands in for it here.
 */
const CLIENT_ID = 'homeassistant';
const CLIENT_SECRET = 'homeassistant-demo-secret';
const TOKEN_PATH = '/openapi/oauth/getAccessToken';
const CALLBACK = 'http://loxberry.local/admin/plugins/navimow/oauth_callback.php';

/** index.cgi's `s/([^A-Za-z0-9\-_.~])/sprintf("%%%02X", ord($1))/ge`. */
const perlEscape = (text: string) =>
  text.replace(/[^A-Za-z0-9\-_.~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

describe.each(testDatabaseKinds)('the LoxBerry Navimow plugin links and refreshes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('starts an authorization from its channel-only link, names its host on the consent screen, redeems and refreshes', async () => {
    const link = `/smartHome/login?channel=homeassistant&redirect_uri=${perlEscape(CALLBACK)}`;
    const { loginPage, callback, consentHost } = await openLinkInBrowser(t.app, link);
    expect(loginPage.pathname).toBe('/smartHome/login');
    expect(loginPage.searchParams.get('channel')).toBe('homeassistant');
    expect(consentHost).toBe('loxberry.local');
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);

    const exchange = await postForm(t.app, TOKEN_PATH, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: CALLBACK,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    const { refresh_token: refreshToken } = exchange.json<TokenResponse>();

    const refreshed = await postForm(t.app, TOKEN_PATH, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json<TokenResponse>()).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.not.stringMatching(`^${refreshToken}$`),
    });
  });
});
