import { createHash, randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import accountLinkingEn from '../locales/en/accountLinking.json' with { type: 'json' };
import commonEn from '../locales/en/common.json' with { type: 'json' };
import en from '../locales/en/googleHome.json' with { type: 'json' };
import fi from '../locales/fi/googleHome.json' with { type: 'json' };
import smartHomeFr from '../locales/fr/smartHome.json' with { type: 'json' };
import simulatorEn from '../locales/en/simulator.json' with { type: 'json' };
import smartHomeEn from '../locales/en/smartHome.json' with { type: 'json' };
import { DEMO_OWNER, expectAccessible } from './fixtures.ts';

/**
 * Google Assistant through the simulated native app: App Flip (agree, cancel, an unregistered client), unlinking,
 * linking through the web login page, and the smart-home overview's 'active' label following each step.
 */

const OWNER = DEMO_OWNER;
const GOOGLE = {
  client_id: 'google',
  client_secret: 'google-demo-secret',
  redirect_uri: 'https://oauth-redirect.googleusercontent.com/r/navimow-demo',
};

const bridgeLog = (page: Page) => page.getByTestId('bridge-log');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const googleOnOverview = (page: Page) => page.getByRole('link', { name: /^Google Assistant/ });

async function ownerHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { account: OWNER.email, password: OWNER.password } });
  expect(response.status()).toBe(200);
  return { Authorization: `Bearer ${(await response.json()).access_token}` };
}

async function unlinkGoogle(request: APIRequestContext) {
  expect((await request.delete('/api/voice-links/google', { headers: await ownerHeaders(request) })).status()).toBe(
    204,
  );
}

async function googleLinked(request: APIRequestContext): Promise<boolean> {
  const { links } = await (await request.get('/api/voice-links', { headers: await ownerHeaders(request) })).json();
  return (links as { platform: string; linked: boolean }[]).find((link) => link.platform === 'google')!.linked;
}

/** Google's servers redeeming a code at our token endpoint. */
async function redeem(request: APIRequestContext, code: string, extra: Record<string, string> = {}) {
  const response = await request.post('/oauth/token', {
    headers: {
      Authorization: `Basic ${Buffer.from(`${GOOGLE.client_id}:${GOOGLE.client_secret}`).toString('base64')}`,
    },
    form: { grant_type: 'authorization_code', code, redirect_uri: GOOGLE.redirect_uri, ...extra },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Links Google as App Flip does, without the page: a code for the owner, redeemed by "Google". */
async function linkGoogle(request: APIRequestContext) {
  const minted = await request.post('/api/voice-links/google/app-flip', {
    headers: await ownerHeaders(request),
    data: { client_id: GOOGLE.client_id, scope: 'mower:read mower:control', redirect_uri: GOOGLE.redirect_uri },
  });
  expect(minted.status()).toBe(200);
  await redeem(request, (await minted.json()).code);
}

async function expectGoogleActive(page: Page, active: boolean) {
  await page.goto('/smartHome?lang=en');
  await expect(page.getByRole('list', { name: smartHomeEn.platformsLabel })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
  if (active) await expect(googleOnOverview(page)).toContainText(smartHomeEn.active);
  else await expect(googleOnOverview(page)).not.toContainText(smartHomeEn.active);
}

async function startAppFlipFromGoogleHome(page: Page) {
  await page.goto('/smartHome?lang=en');
  await page
    .getByTestId('simulator-google-home')
    .getByRole('button', { name: simulatorEn.googleHome.startAppFlip })
    .click();
  await expect(page).toHaveURL(/\/smartHome\/googleHome\/appBind\?client_id=google&/);
}

const appFlipAnswer = (page: Page) => bridgeLog(page).locator('li[data-method="setAppFlipResult"]');

test.describe('the owner’s link with Google', () => {
  // These journeys change one account's Google link: one after the other, each from a known state.
  test.describe.configure({ mode: 'default' });
  test.afterAll(async ({ request }) => {
    await unlinkGoogle(request);
  });

  test('App Flip, agreed: the app gets a code for Google, which redeems it, and the overview shows Google active', async ({
    page,
    request,
  }) => {
    await unlinkGoogle(request);
    await expectGoogleActive(page, false);
    await startAppFlipFromGoogleHome(page);
    const appFlipUrl = page.url();
    await expect(heading(page, en.appFlip.title)).toBeVisible();
    await expect(page.getByText(`Navimow account: ${OWNER.email}`)).toBeVisible();
    await expect(page.getByRole('region', { name: en.appFlip.permissionsTitle })).toContainText(
      en.appFlip.controlOnBehalf,
    );
    await expect(page.getByRole('link', { name: en.appFlip.privacyPolicy })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: en.appFlip.agree }).click();
    await expect(appFlipAnswer(page)).toContainText(/App Flip: success, code \S+…; back to Google Home/);
    await expect(bridgeLog(page).locator('li[data-method="closeWebView"][data-code="0"]')).toHaveCount(1);
    // Google's servers redeem the code the app handed back (a browser cannot: the token endpoint refuses it).
    const answer = JSON.parse(await appFlipAnswer(page).locator('pre').innerText()) as { code: string; state: string };
    expect(answer.state).toBe(new URL(appFlipUrl).searchParams.get('state'));
    await redeem(request, answer.code);
    expect(await googleLinked(request)).toBe(true);
    await expectGoogleActive(page, true);
  });

  test('App Flip, cancelled: Google Home hears "denied" and nothing is linked', async ({ page, request }) => {
    await unlinkGoogle(request);
    await startAppFlipFromGoogleHome(page);
    await page.getByRole('button', { name: en.appFlip.cancel }).click();
    await expect(appFlipAnswer(page)).toContainText('App Flip: denied');
    await expect(bridgeLog(page).locator('li[data-method="closeWebView"][data-code="0"]')).toHaveCount(1);
    expect(await googleLinked(request)).toBe(false);
    await expectGoogleActive(page, false);
  });

  test('App Flip with an unregistered client id: "failed", explained, and nothing is linked', async ({
    page,
    request,
  }) => {
    await unlinkGoogle(request);
    const query = new URLSearchParams({
      client_id: 'intruder',
      scope: 'mower:read',
      redirect_uri: GOOGLE.redirect_uri,
      state: 's-1',
      lang: 'en',
    });
    await page.goto(`/smartHome/googleHome/appBind?${query}`);
    await page.getByRole('button', { name: en.appFlip.agree }).click();
    await expect(heading(page, en.appFlip.invalid.title)).toBeFocused();
    await expect(appFlipAnswer(page)).toContainText('App Flip: failed');
    await expectAccessible(page);
    await page.getByRole('button', { name: en.appFlip.invalid.close }).click();
    await expect(bridgeLog(page).locator('li[data-method="closeWebView"][data-code="0"]')).toHaveCount(1);
    expect(await googleLinked(request)).toBe(false);
  });

  test('the unlink page is the confirmation: Cancel keeps the link, Unlink unlinks; the overview drops the label', async ({
    page,
    request,
  }) => {
    await linkGoogle(request);
    await expectGoogleActive(page, true);
    await googleOnOverview(page).click();
    await expect(page).toHaveURL(/\/smartHome\/googleHome\/bindDetail\?lang=en$/);
    await expect(page.getByTestId('google-link-state')).toHaveText(en.detail.linked);
    await page.getByRole('link', { name: en.detail.unlink }).click();

    // The page is the one "are you sure": it says what unlinking does, and its Unlink acts at once.
    await expect(page.getByRole('main')).toContainText(en.unlink.confirmText);
    await expect(page.getByRole('main')).toContainText(en.unlink.text);
    await expectAccessible(page);
    await page.getByRole('main').getByRole('link', { name: en.unlink.cancel }).click();
    await expect(page.getByTestId('google-link-state')).toHaveText(en.detail.linked);
    expect(await googleLinked(request)).toBe(true);

    await page.getByRole('link', { name: en.detail.unlink }).click();
    await page.getByRole('main').getByRole('button', { name: en.unlink.action }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(heading(page, en.unlink.doneTitle)).toBeFocused();
    await expectAccessible(page);
    expect(await googleLinked(request)).toBe(false);

    await page.getByRole('button', { name: en.unlink.done }).click();
    await expect(page.getByTestId('google-link-state')).toHaveText(en.detail.notLinked);
    await expectGoogleActive(page, false);
  });

  test('linking through the web login page (Google’s OAuth) shows Google active too', async ({ page, request }) => {
    await unlinkGoogle(request);
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: GOOGLE.client_id,
      redirect_uri: GOOGLE.redirect_uri,
      scope: 'mower:read mower:control',
      state: 'google-state',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ui_locales: 'en',
    });
    const caught: string[] = [];
    await page.route(`${GOOGLE.redirect_uri}**`, (route) => {
      caught.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/plain', body: 'back at Google' });
    });
    await page.goto(`/oauth/authorize?${query}`);
    await expect(page).toHaveURL(/\/smartHome\/login\?interaction=/);
    await page.getByLabel(commonEn.signIn.account).fill(OWNER.email);
    await page.getByLabel(commonEn.signIn.password).fill(OWNER.password);
    await page.getByRole('button', { name: accountLinkingEn.actions.logInAndConnect }).click();
    await expect.poll(() => caught.length).toBe(1);
    const back = new URL(caught[0]!);
    expect(back.searchParams.get('state')).toBe('google-state');
    await redeem(request, back.searchParams.get('code')!, { code_verifier: verifier });
    await page.unroute(`${GOOGLE.redirect_uri}**`);

    await expectGoogleActive(page, true);
    await page.goto('/smartHome/googleHome/bindDetail?lang=en');
    await expect(page.getByTestId('google-link-state')).toHaveText(en.detail.linked);
  });
});

test('not linked, the page opens Google Home at Navimow’s account linking and offers the guide', async ({ page }) => {
  // The friend's account never links Google in these journeys.
  await page.goto('/smartHome/googleHome/bindDetail?lang=en&sim_account=friend@navimow.example');
  await expect(page.getByTestId('google-link-state')).toHaveText(en.detail.notLinked);
  await page.getByRole('button', { name: en.detail.openGoogleHome }).click();
  await expect(bridgeLog(page).locator('li[data-method="openGoogleHomeURI"][data-code="0"]')).toContainText(
    'Google Home opens setup/ha_linking?agent_id=navimow-demo',
  );
  await page.getByRole('link', { name: en.detail.howToConnect }).click();
  await expect(heading(page, en.howTo.title)).toBeVisible();
  await expect(page.getByRole('main').getByRole('list')).toContainText(en.howTo.worksWith.text);
});

test('the voice guide says the commands with the account’s own mower names', async ({ page }) => {
  await page.goto('/smartHome/googleHome/voiceInfo?lang=en');
  await expect(page.getByRole('region', { name: 'Examples for Front lawn' })).toContainText(
    'Hey Google, start Front lawn.',
  );
  await expect(page.getByRole('region', { name: en.voice.yourMowers })).toContainText('Back garden');
  await expect(page.getByText(en.voice.languages)).toBeVisible();
});

test('in Finnish, which Google Assistant does not speak, the voice guide says so and shows the commands in a language it speaks', async ({
  page,
}) => {
  await page.goto('/smartHome/googleHome/voiceInfo?lang=fi');
  const examples = page.getByTestId('google-voice-examples');
  await expect(examples).toContainText('Hey Google, start Front lawn.');
  await expect(page.getByTestId('google-voice-not-spoken')).toContainText('(suomi)');
  await page.getByLabel(fi.voice.spokenLanguage).selectOption('de');
  await expect(examples).toContainText('Hey Google, starte Front lawn.');
  await expect(examples.locator('dd').first()).toHaveAttribute('lang', 'de');
  await expectAccessible(page);
});

test('the smart-home list names the assistant as Google does in the page’s language', async ({ page }) => {
  await page.goto('/smartHome?lang=fr');
  await expect(page.getByRole('link', { name: new RegExp(`^${smartHomeFr.googleAssistant}`) })).toBeVisible();
});
