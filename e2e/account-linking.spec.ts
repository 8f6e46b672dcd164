import { expect, type Page, test } from '@playwright/test';
import * as oauth from 'openid-client';
import de from '../locales/de/accountLinking.json' with { type: 'json' };
import commonDe from '../locales/de/common.json' with { type: 'json' };
import en from '../locales/en/accountLinking.json' with { type: 'json' };
import commonEn from '../locales/en/common.json' with { type: 'json' };
import fi from '../locales/fi/accountLinking.json' with { type: 'json' };
import commonFi from '../locales/fi/common.json' with { type: 'json' };
import { DEMO_OWNER, expectAccessible, languageRun, LANGUAGES } from './fixtures.ts';

const DEMO_REDIRECT = 'http://127.0.0.1:8765/callback';
const ALEXA_REDIRECT = 'https://layla.amazon.com/api/skill/link/M2NAVIMOWDEMO';

/** A real OAuth client (openid-client, OpenID Certified) configured from our RFC 8414 metadata. */
async function demoClient(baseURL: string) {
  return oauth.discovery(new URL(baseURL), 'demo-client', undefined, oauth.ClientSecretBasic('demo-secret'), {
    algorithm: 'oauth2',
    execute: [oauth.allowInsecureRequests],
  });
}

async function authorizationUrl(config: oauth.Configuration, extra: Record<string, string> = {}) {
  const verifier = oauth.randomPKCECodeVerifier();
  const state = oauth.randomState();
  const url = oauth.buildAuthorizationUrl(config, {
    redirect_uri: DEMO_REDIRECT,
    scope: 'mower:read mower:control',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  return { url, verifier, state };
}

/** Catches the browser's redirect to a client's callback (nothing listens there). */
async function catchRedirect(page: Page, pattern: string) {
  const caught: string[] = [];
  await page.route(pattern, (route) => {
    caught.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/plain', body: 'back at the client' });
  });
  return caught;
}

async function signIn(page: Page, account: string, password: string, button = en.actions.logInAndConnect) {
  await page.getByLabel(commonEn.signIn.account).fill(account);
  await page.getByLabel(commonEn.signIn.password).fill(password);
  await page.getByRole('button', { name: button }).click();
}

test('a real OAuth client links an account through the login page, refreshes with rotation and revokes', async ({
  page,
  baseURL,
}) => {
  const config = await demoClient(baseURL!);
  const { url, verifier, state } = await authorizationUrl(config, { lang: 'en' });
  const caught = await catchRedirect(page, `${DEMO_REDIRECT}**`);

  await page.goto(url.href);
  await expect(page).toHaveURL(/\/smartHome\/login\?interaction=/);
  await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
  await expect(page.getByText(en.permissions.readStatus)).toBeVisible();
  await expect(page.getByText(en.permissions.controlOnBehalf)).toBeVisible();
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await expect.poll(() => caught.length).toBe(1);

  const tokens = await oauth.authorizationCodeGrant(config, new URL(caught[0]!), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  expect(tokens.expires_in).toBeGreaterThanOrEqual(360);
  const mowers = await fetch(`${baseURL}/api/mowers`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(mowers.status).toBe(200);

  const refreshed = await oauth.refreshTokenGrant(config, tokens.refresh_token!);
  expect(refreshed.refresh_token).toBeDefined();
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

  await oauth.tokenRevocation(config, refreshed.refresh_token!);
  await expect(oauth.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
    error: 'invalid_grant',
  });
});

test('a client that sends no scope (as Home Assistant does) gets a code and the default scopes', async ({
  page,
  baseURL,
}) => {
  const config = await demoClient(baseURL!);
  const verifier = oauth.randomPKCECodeVerifier();
  const url = oauth.buildAuthorizationUrl(config, {
    redirect_uri: DEMO_REDIRECT,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'no-scope-state',
  });
  expect(url.searchParams.has('scope')).toBe(false);
  const caught = await catchRedirect(page, `${DEMO_REDIRECT}**`);

  await page.goto(url.href);
  await expect(page.getByText(en.permissions.controlOnBehalf)).toBeVisible();
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await expect.poll(() => caught.length).toBe(1);
  const back = new URL(caught[0]!);
  expect(back.searchParams.get('error')).toBeNull();
  expect(back.searchParams.get('code')).toBeTruthy();

  const tokens = await oauth.authorizationCodeGrant(config, back, {
    pkceCodeVerifier: verifier,
    expectedState: 'no-scope-state',
  });
  expect(tokens.scope?.split(' ').sort()).toEqual(['mower:control', 'mower:read']);
});

test('signs in by phone number too', async ({ page, baseURL }) => {
  const config = await demoClient(baseURL!);
  const { url } = await authorizationUrl(config);
  const caught = await catchRedirect(page, `${DEMO_REDIRECT}**`);
  await page.goto(`${url.href}&lang=en`);
  await signIn(page, '+49 151 12345678', DEMO_OWNER.password);
  await expect.poll(() => caught.length).toBe(1);
  expect(new URL(caught[0]!).searchParams.get('code')).toBeTruthy();
});

test('validates the form with the seed’s prompts and shows its wrong-credentials message', async ({
  page,
  baseURL,
}) => {
  const config = await demoClient(baseURL!);
  const { url } = await authorizationUrl(config, { lang: 'en' });
  await page.goto(url.href);
  await page.getByRole('button', { name: en.actions.logInAndConnect }).click();
  await expect(page.getByText(commonEn.signIn.accountRequired)).toBeVisible();
  await expect(page.getByLabel(commonEn.signIn.account)).toBeFocused();
  await page.getByLabel(commonEn.signIn.account).fill('not an account');
  await page.getByRole('button', { name: en.actions.logInAndConnect }).click();
  await expect(page.getByText(commonEn.signIn.accountInvalid)).toBeVisible();
  await page.getByLabel(commonEn.signIn.account).fill('demo@navimow.example');
  await page.getByRole('button', { name: en.actions.logInAndConnect }).click();
  await expect(page.getByText(commonEn.signIn.passwordRequired)).toBeVisible();

  await signIn(page, 'demo@navimow.example', 'wrong password');
  await expect(page.getByRole('alert')).toHaveText(en.errors.wrongCredentials);
  await expectAccessible(page, '#root');
});

test('shows the password on request and says where a forgotten one is reset', async ({ page, baseURL }) => {
  const config = await demoClient(baseURL!);
  const { url } = await authorizationUrl(config, { lang: 'en' });
  const caught = await catchRedirect(page, `${DEMO_REDIRECT}**`);
  await page.goto(url.href);
  const password = page.getByLabel(commonEn.signIn.password, { exact: true });
  await password.fill('my secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: commonEn.signIn.showPassword }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: commonEn.signIn.showPassword, pressed: true })).toBeVisible();
  await page.getByRole('button', { name: commonEn.signIn.showPassword }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await expect(page.getByText(en.form.forgotPasswordHelp)).toBeHidden();
  await page.getByText(en.form.forgotPassword).click();
  await expect(page.getByText(en.form.forgotPasswordHelp)).toBeVisible();
  await expectAccessible(page, '#root');
  // Neither control is part of the form: signing in still works with what the fields hold.
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);
  await expect.poll(() => caught.length).toBe(1);
});

test('the Alexa page asks to control devices; Cancel returns access_denied with the state', async ({ page }) => {
  const caught = await catchRedirect(page, 'https://layla.amazon.com/**');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'alexa',
    redirect_uri: ALEXA_REDIRECT,
    state: 'alexa-state',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    user_locale: 'en-US',
  });
  await page.goto(`/oauth/authorize?${query}`);
  await expect(page).toHaveURL(/\/smartHome\/alexa\/installNavimow\?interaction=/);
  await expect(page.getByRole('heading', { level: 1, name: en.alexaTitle })).toBeVisible();
  await expect(page).toHaveTitle(`${en.alexaTitle} - Navimow`);
  await expect(page.getByText(en.permissions.controlDevices)).toBeVisible();
  await expect(page.getByRole('button', { name: en.actions.agreeAndLink })).toBeVisible();
  await expectAccessible(page, '#root');

  await page.getByRole('button', { name: en.actions.cancel }).click();
  await expect.poll(() => caught.length).toBe(1);
  const back = new URL(caught[0]!);
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('state')).toBe('alexa-state');
});

test('an unregistered redirect URI gets a localized error page, never a redirect', async ({ page }) => {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'demo-client',
    redirect_uri: 'https://evil.example/callback',
    state: 's',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    lang: 'fr',
  });
  const response = await page.goto(`/oauth/authorize?${query}`);
  expect(response?.status()).toBe(400);
  expect(page.url()).toContain('/oauth/authorize');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Linking failed');
});

test('the login pages cannot be framed', async ({ request }) => {
  for (const path of ['/smartHome/login', '/smartHome/alexa/installNavimow']) {
    const response = await request.get(path);
    expect(response.headers()['x-frame-options']).toBe('DENY');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  }
});

test('opened without a linking request, the page says where to start', async ({ page }) => {
  await page.goto('/smartHome/login?lang=en');
  await expect(page.getByText(en.noRequest)).toBeVisible();
});

for (const language of LANGUAGES) {
  test(`the login page speaks ${language}`, languageRun(language), async ({ page, baseURL }) => {
    const config = await demoClient(baseURL!);
    const { url } = await authorizationUrl(config, { ui_locales: language });
    await page.goto(url.href);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('textbox').first()).toBeVisible();
    if (language !== 'en') {
      await expect(heading).not.toHaveText(en.title);
      await expect(page.getByRole('button', { name: en.actions.logInAndConnect })).toHaveCount(0);
    }
    await expect(page).toHaveTitle(`${await heading.innerText()} - Navimow`);
  });
}

/**
 * The real integrations in a real browser, with the requests their own code builds (server/conformance/ replays the
 * same ones request by request): no PKCE, the secret in the body, the language from the browser or `user_locale`.
 */
test.describe('the real integrations link through the web login', () => {
  test.use({ locale: 'de-DE' });

  test('Home Assistant: its own link, the German page from the browser, the code redeemed where its integration does', async ({
    page,
    baseURL,
  }) => {
    const redirect = 'https://my.home-assistant.io/redirect/oauth';
    const state = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJmbG93X2lkIjoiZTJlIn0.c2lnbmF0dXJl';
    const caught = await catchRedirect(page, `${redirect}**`);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'homeassistant',
      redirect_uri: redirect,
      state,
      channel: 'homeassistant',
    });
    await page.goto(`/smartHome/login?${query}`);
    await expect(page).toHaveURL(/\/smartHome\/login\?interaction=.*channel=homeassistant/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: de.title })).toBeVisible();
    await page.getByLabel(commonDe.signIn.account).fill(DEMO_OWNER.email);
    await page.getByLabel(commonDe.signIn.password).fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: de.actions.logInAndConnect }).click();
    await expect.poll(() => caught.length).toBe(1);
    const callback = new URL(caught[0]!);
    expect(callback.searchParams.get('state')).toBe(state);

    const token = await fetch(`${baseURL}/openapi/oauth/getAccessToken`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: redirect,
        client_id: 'homeassistant',
        client_secret: 'homeassistant-demo-secret',
      }),
    });
    expect(token.status).toBe(200);
    const { access_token: accessToken, expires_in: expiresIn } = (await token.json()) as {
      access_token: string;
      expires_in: number;
    };
    expect(expiresIn).toBeGreaterThan(0);
    const devices = await fetch(`${baseURL}/openapi/smarthome/authList`, {
      headers: { Authorization: `Bearer ${accessToken}`, requestId: 'e2e' },
    });
    expect(((await devices.json()) as { code: number }).code).toBe(1);
  });

  test('Google: user_locale picks the page’s language, the code is redeemed with the secret in the body and SYNC answers', async ({
    page,
    baseURL,
  }) => {
    const redirect = 'https://oauth-redirect.googleusercontent.com/r/navimow-demo';
    const caught = await catchRedirect(page, `${redirect}**`);
    const query = new URLSearchParams({
      client_id: 'google',
      redirect_uri: redirect,
      state: 'google-state',
      scope: 'mower:read mower:control',
      response_type: 'code',
      user_locale: 'fi-FI',
    });
    await page.goto(`/smartHome/login?${query}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    await page.getByLabel(commonFi.signIn.account).fill(DEMO_OWNER.email);
    await page.getByLabel(commonFi.signIn.password).fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: fi.actions.logInAndConnect }).click();
    await expect.poll(() => caught.length).toBe(1);

    const token = await fetch(`${baseURL}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: 'google',
        client_secret: 'google-demo-secret',
        grant_type: 'authorization_code',
        code: new URL(caught[0]!).searchParams.get('code')!,
        redirect_uri: redirect,
      }),
    });
    expect(token.status).toBe(200);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const sync = await fetch(`${baseURL}/smarthome/google`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ requestId: 'e2e-sync', inputs: [{ intent: 'action.devices.SYNC' }] }),
    });
    expect(sync.status).toBe(200);
  });
});
