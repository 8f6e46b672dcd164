import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { VoiceLinksResponse } from '../common/voice-links.ts';
import alexaEn from '../locales/en/alexa.json' with { type: 'json' };
import simulatorEn from '../locales/en/simulator.json' with { type: 'json' };
import smartHomeEn from '../locales/en/smartHome.json' with { type: 'json' };
import { AXE_LANGUAGES, DEMO_FRIEND, expectAccessible, languageRun, LANGUAGES } from './fixtures.ts';
import { stubAlexaBound, stubLinking } from './screen-states.ts';

/**
 * The Alexa pages through the simulated native app, with the server's local fake of Amazon playing Amazon. The
 * journeys link and unlink the second demo account, so that the owner's links, which other pages show, stay as the
 * demo has them.
 */
const FRIEND = DEMO_FRIEND;
const AS_FRIEND = `lang=en&sim_account=${FRIEND.email}`;

const bridgeLog = (page: Page) => page.getByTestId('bridge-log');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const logged = (page: Page, method: string, code = '0') =>
  bridgeLog(page).locator(`li[data-method="${method}"][data-code="${code}"]`);

async function signIn(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', {
    data: { account: FRIEND.email, password: FRIEND.password },
  });
  expect(response.status()).toBe(200);
  return { Authorization: `Bearer ${(await response.json()).access_token}` };
}

async function alexaBound(request: APIRequestContext): Promise<boolean> {
  const response = await request.get('/api/voice-links', { headers: await signIn(request) });
  const { links } = (await response.json()) as VoiceLinksResponse;
  return links.find((link) => link.platform === 'alexa')!.bound;
}

async function setAmazonFault(request: APIRequestContext, mode: 'none' | 'fail') {
  const response = await request.post('/dev/amazon/fault', { data: mode === 'none' ? { mode } : { mode, on: 'all' } });
  expect(response.status()).toBe(200);
}

/** Amazon answering again and the second account not linked with Alexa, whatever a journey left behind. */
async function reset(request: APIRequestContext) {
  await setAmazonFault(request, 'none');
  expect((await request.delete('/api/voice-links/alexa', { headers: await signIn(request) })).status()).toBe(204);
}

/** The smart-home overview's 'active' label on Alexa follows the link (from the server, not the page). */
async function expectAlexaActive(page: Page, active: boolean) {
  await page.goto(`/smartHome?${AS_FRIEND}`);
  const alexa = page.getByRole('link', { name: /^Amazon Alexa/ });
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
  if (active) await expect(alexa).toContainText(smartHomeEn.active);
  else await expect(alexa).not.toContainText(smartHomeEn.active);
}

/** From the info page through Amazon's consent (played by the simulator) to the success page. */
async function linkFromInfo(page: Page, extra = '') {
  await page.goto(`/smartHome/alexa/info?${AS_FRIEND}${extra}`);
  await expect(page.getByTestId('alexa-link-state')).toHaveAttribute('data-state', 'notBound');
  await page.getByRole('link', { name: alexaEn.actions.link, exact: true }).click();
  await expect(page).toHaveURL(/\/smartHome\/alexa\/appBind\?(?=.*code=)(?=.*state=)/);
}

test.describe('linking and unlinking Alexa through the simulated app', () => {
  // One Amazon fault switch and one account's link for all of them: one after the other, each from a clean state.
  test.describe.configure({ mode: 'default' });
  test.beforeEach(async ({ request }) => reset(request));
  test.afterAll(async ({ request }) => reset(request));

  test('links with the Alexa app installed: its consent opens, Amazon sends the user back, and Done closes', async ({
    page,
    request,
  }) => {
    const completes: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/api/voice-links/alexa/complete'))
        completes.push(sent.url());
    });
    await page.goto(`/smartHome/alexa/info?${AS_FRIEND}&sim_apps=amazon_alexa:installed`);
    await expect(page).toHaveTitle(`${alexaEn.title} - Navimow`);
    await expect(page.getByText(alexaEn.status.notBound)).toBeVisible();
    await expect(page.getByRole('region', { name: alexaEn.grants.title })).toContainText(alexaEn.grants.control);
    await page.getByRole('link', { name: alexaEn.actions.link, exact: true }).click();

    await expect(heading(page, alexaEn.bind.success.title)).toBeFocused();
    await expect(page).toHaveURL(/\/smartHome\/alexa\/appBind\?(?=.*code=)(?=.*state=)(?=.*lang=en)/);
    await expect(page.getByText('Alexa, ask Segway robot to start mowing.')).toBeVisible();
    // The simulated app's log, carried over from the linking page: the Alexa app asked about and opened, Amazon played.
    await expect(logged(page, 'appIsInstall')).toHaveCount(1);
    await expect(logged(page, 'openScheme')).toHaveCount(1);
    await expect(logged(page, 'POST /dev/amazon/authorize', '200')).toHaveCount(1);
    await expect(logged(page, 'openExternalURI')).toHaveCount(0);
    await expectAccessible(page, '#root');
    expect(await alexaBound(request)).toBe(true);

    // A reload brings the same answer again: the page shows the success it had, without completing twice.
    await page.reload();
    await expect(heading(page, alexaEn.bind.success.title)).toBeVisible();
    expect(completes).toHaveLength(1);

    await page.getByRole('button', { name: alexaEn.actions.done }).click();
    await expect(logged(page, 'closeWebView')).toHaveCount(1);

    await page.goto(`/smartHome/alexa/info?${AS_FRIEND}`);
    await expect(page.getByText(/^Linked with Alexa since /)).toBeVisible();
    // The link keeps the page's language (issue 28).
    await expect(page.getByRole('link', { name: alexaEn.actions.unbind, exact: true })).toHaveAttribute(
      'href',
      '/smartHome/alexa/unbindAlexa?lang=en',
    );
  });

  test('links through Login with Amazon in the browser when the panel says the Alexa app is not installed', async ({
    page,
    request,
  }) => {
    await page.goto(`/smartHome/alexa/info?${AS_FRIEND}&sim_apps=amazon_alexa:installed`);
    const installed = page
      .getByTestId('simulator-alexa')
      .getByRole('checkbox', { name: simulatorEn.alexa.appInstalled });
    await expect(installed).toBeChecked();
    await installed.uncheck();
    await expectAccessible(page, '#native-simulator');

    await page.getByRole('link', { name: alexaEn.actions.link, exact: true }).click();
    await expect(heading(page, alexaEn.bind.success.title)).toBeVisible();
    await expect(logged(page, 'appIsInstall')).toHaveCount(1);
    await expect(logged(page, 'openExternalURI')).toHaveCount(1);
    await expect(logged(page, 'openScheme')).toHaveCount(0);
    await expect(bridgeLog(page).locator('li[data-method="openExternalURI"] pre')).toContainText(
      'https://www.amazon.com/ap/oa?',
    );
    expect(await alexaBound(request)).toBe(true);
  });

  test('a bind that Amazon fails shows the seed’s failure, links nothing, and Retry links once Amazon answers', async ({
    page,
    request,
  }) => {
    await page.goto(`/smartHome/alexa/info?${AS_FRIEND}&sim_apps=amazon_alexa:installed`);
    // The panel's switch makes the fake's token endpoint and API fail.
    await page.getByTestId('simulator-alexa').getByLabel(simulatorEn.alexa.fault).selectOption('fail');
    await expect(logged(page, 'POST /dev/amazon/fault', '200')).toHaveCount(1);
    await page.getByRole('link', { name: alexaEn.actions.link, exact: true }).click();

    await expect(heading(page, alexaEn.bind.failure.title)).toBeFocused();
    await expect(page.getByText(alexaEn.bind.failure.amazon)).toBeVisible();
    await expectAccessible(page, '#root');
    expect(await alexaBound(request)).toBe(false);

    await setAmazonFault(request, 'none');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(heading(page, alexaEn.bind.success.title)).toBeVisible();
    expect(await alexaBound(request)).toBe(true);
  });

  test('a consent the user denies shows the failure and leads to the troubleshooting guide', async ({
    page,
    request,
  }) => {
    await page.goto(`/smartHome/alexa/startBindLink?${AS_FRIEND}&sim_amazon_consent=deny`);
    await expect(heading(page, alexaEn.bind.failure.title)).toBeVisible();
    await expect(page).toHaveURL(/error=access_denied/);
    await expect(page.getByText(alexaEn.bind.failure.denied)).toBeVisible();
    expect(await alexaBound(request)).toBe(false);

    await page.getByRole('link', { name: alexaEn.bind.failure.help }).click();
    await expect(heading(page, alexaEn.troubleshooting.title)).toBeVisible();
    await expect(page.getByRole('main').getByRole('list').first().getByRole('listitem')).toHaveCount(5);
    await expect(page.getByText(alexaEn.troubleshooting.steps.country.text)).toBeVisible();
    await page.getByRole('link', { name: alexaEn.actions.linkInBrowser }).click();
    // Straight to Login with Amazon, without asking for the Alexa app again (the log runs on across the pages);
    // the user still denies, so back on the failure page.
    await expect(heading(page, alexaEn.bind.failure.title)).toBeVisible();
    await expect(logged(page, 'openExternalURI')).toHaveCount(1);
    await expect(logged(page, 'appIsInstall')).toHaveCount(1);
  });

  test('the unlink page is the confirmation: Cancel keeps the link, a failure at Amazon keeps it, and Retry unlinks', async ({
    page,
    request,
  }) => {
    await expectAlexaActive(page, false);
    await linkFromInfo(page);
    await expect(heading(page, alexaEn.bind.success.title)).toBeVisible();
    await expectAlexaActive(page, true);

    await page.goto(`/smartHome/alexa/unbindAlexa?${AS_FRIEND}`);
    await expect(page).toHaveTitle(`${alexaEn.unbind.title} - Navimow`);
    await expect(page.getByRole('main')).toContainText(alexaEn.unbind.confirm.text);
    await page.getByRole('link', { name: alexaEn.unbind.confirm.cancel }).click();
    await expect(page).toHaveURL(/\/smartHome\/alexa\/info\?/);
    expect(await alexaBound(request)).toBe(true);

    await page.goto(`/smartHome/alexa/unbindAlexa?${AS_FRIEND}`);
    await setAmazonFault(request, 'fail');
    // One tap, no dialog after it: the info page's Unbind already led here.
    await page.getByRole('button', { name: alexaEn.actions.unbind, exact: true }).click();
    await expect(heading(page, alexaEn.unbind.failure.title)).toBeFocused();
    await expect(page.getByText(alexaEn.unbind.failure.text)).toBeVisible();
    await expectAccessible(page, '#root');
    expect(await alexaBound(request)).toBe(true);

    await setAmazonFault(request, 'none');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(heading(page, alexaEn.unbind.success.title)).toBeFocused();
    await expectAccessible(page, '#root');
    expect(await alexaBound(request)).toBe(false);
    await page.getByRole('button', { name: alexaEn.actions.done }).click();
    await expect(logged(page, 'closeWebView')).toHaveCount(1);
    await expectAlexaActive(page, false);
  });
});

test('the unlink page tells an account without an Alexa link so, and leads to linking', async ({ page }) => {
  await page.goto('/smartHome/alexa/unbindAlexa?lang=en');
  await expect(page.getByTestId('alexa-link-state')).toHaveText(alexaEn.status.notBound);
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  await page.getByRole('link', { name: alexaEn.actions.link, exact: true }).click();
  await expect(page).toHaveURL(/\/smartHome\/alexa\/startBindLink/);
});

test('externalInfo works in a plain browser: no simulator, no native app, no request to the API', async ({ page }) => {
  const apiRequests: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/')) apiRequests.push(sent.url());
  });
  await page.goto('/smartHome/alexa/externalInfo?lang=en');
  await expect(heading(page, alexaEn.title)).toBeVisible();
  await expect(page.getByRole('region', { name: alexaEn.howToLink.title })).toContainText(alexaEn.howToLink.external);
  await expect(page.getByRole('region', { name: alexaEn.howToUnlink.title })).toContainText(
    alexaEn.howToUnlink.external,
  );
  await expect(page.getByText('Alexa, ask Segway robot to start mowing.')).toBeVisible();
  await page.getByRole('tab', { name: alexaEn.voice.languages.de }).click();
  await expect(page.getByText('Alexa, frag Segway robot nach dem Akkustand.')).toHaveAttribute('lang', 'de');
  await expect(page.locator('#native-simulator')).toHaveCount(0);
  expect(await page.evaluate(() => 'NavimowBridge' in window)).toBe(false);
  await expectAccessible(page);
  expect(apiRequests).toEqual([]);
});

/**
 * Every new screen in one state each, without linking anything: the start and return legs get their server's
 * answers from stubs, so that these checks neither touch the account nor leave the page for Amazon.
 */
const SCREENS = [
  { name: 'info', path: '/smartHome/alexa/info', title: alexaEn.title },
  { name: 'externalInfo', path: '/smartHome/alexa/externalInfo', title: alexaEn.title },
  { name: 'startBindLink', path: '/smartHome/alexa/startBindLink', title: alexaEn.start.title, ready: 'alexa-start' },
  {
    name: 'appBind success',
    path: '/smartHome/alexa/appBind?code=c&state=stub-success',
    title: alexaEn.bind.success.title,
  },
  {
    name: 'appBind failure',
    path: '/smartHome/alexa/appBind?error=access_denied&state=s',
    title: alexaEn.bind.failure.title,
  },
  { name: 'troubleshooting', path: '/smartHome/alexa/troubleshooting', title: alexaEn.troubleshooting.title },
  { name: 'unbindAlexa', path: '/smartHome/alexa/unbindAlexa', title: alexaEn.unbind.title },
  { name: 'voiceInfo', path: '/smartHome/alexa/voiceInfo', title: alexaEn.voice.title },
] as const;

async function openScreen(page: Page, screen: (typeof SCREENS)[number], language: string) {
  await page.goto(`${screen.path}${screen.path.includes('?') ? '&' : '?'}lang=${language}`);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  if ('ready' in screen) await expect(page.getByTestId(screen.ready)).toHaveAttribute('data-state', 'alexaApp');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  return title;
}

// One test a screen and language: nine axe runs in one test came near its 30 s on a loaded machine.
test.describe('every Alexa screen passes axe', () => {
  for (const language of ['en', 'de', 'fi']) {
    for (const screen of SCREENS) {
      test(`${screen.name} in ${language}`, languageRun(language, AXE_LANGUAGES), async ({ page }) => {
        await stubLinking(page);
        await openScreen(page, screen, language);
        if (screen.name === 'info')
          await expect(page.getByTestId('alexa-link-state')).not.toHaveAttribute('data-state', 'pending');
        await expectAccessible(page, '#root');
      });
    }
    test(`the unbind confirmation in ${language}`, async ({ page }) => {
      await stubLinking(page);
      await stubAlexaBound(page);
      await page.goto(`/smartHome/alexa/unbindAlexa?lang=${language}`);
      await expect(page.getByRole('main').getByRole('button')).toBeEnabled();
      await expectAccessible(page, '#root');
    });
  }
});

test.describe('every Alexa screen speaks every language', () => {
  for (const language of LANGUAGES) {
    test(`${language}`, languageRun(language), async ({ page }) => {
      await stubLinking(page);
      for (const screen of SCREENS) {
        const title = await openScreen(page, screen, language);
        const text = await page.locator('#root').innerText();
        expect(text, screen.name).not.toMatch(
          /\b(alexa|common):|\b(status|grants|howToLink|howToUnlink|actions|start|bind|troubleshooting|unbind|voice)\.[a-z]\w*/,
        );
        if (language !== 'en') await expect(title, screen.name).not.toHaveText(screen.title);
        await expect(page, screen.name).toHaveTitle(/^\S.* - Navimow$/);
        // Commands are shown first in the language the user speaks to Alexa: the page's when Alexa speaks it.
        if (screen.name === 'voiceInfo') {
          await expect(page.getByTestId('voice-commands')).toHaveAttribute(
            'data-language',
            ['de', 'fr'].includes(language) ? language : 'en',
          );
        }
      }
    });
  }
});
