import { expect, type Page, test } from '@playwright/test';
import googleEn from '../locales/en/googleHome.json' with { type: 'json' };
import hornbachEn from '../locales/en/hornbach.json' with { type: 'json' };
import smartHomeEn from '../locales/en/smartHome.json' with { type: 'json' };
import { GLOSSARY } from '../scripts/glossary.ts';
import { AXE_LANGUAGES, expectAccessible, languageRun, LANGUAGES, waitForApp } from './fixtures.ts';

/** The smart-home overview, the Google Assistant and the Hornbach screens: navigation, axe, 22 languages. */

const REDIRECT = 'https://oauth-redirect.googleusercontent.com/r/navimow-demo';
/** A friend's account, whose links no journey changes: every screen shows the same state each time. */
const AS_FRIEND = 'sim_account=friend@navimow.example';

/** Every new screen, with its English title and what shows it is ready. */
const SCREENS = [
  {
    path: '/smartHome',
    title: smartHomeEn.title,
    ready: (page: Page) => page.getByRole('link', { name: /^Hornbach/ }),
  },
  {
    path: '/smartHome/googleHome/bindDetail',
    title: googleEn.title,
    ready: (page: Page) => page.getByTestId('google-link-state'),
  },
  {
    path: '/smartHome/googleHome/howToConnect',
    title: googleEn.howTo.title,
    ready: (page: Page) => page.getByRole('list').first(),
  },
  {
    path: '/smartHome/googleHome/startUnbindLink',
    title: googleEn.unlink.title,
    ready: (page: Page) => page.getByRole('main').getByRole('link'),
  },
  {
    path: `/smartHome/googleHome/appBind?${new URLSearchParams({ client_id: 'google', scope: 'mower:read mower:control', redirect_uri: REDIRECT })}`,
    title: googleEn.appFlip.title,
    ready: (page: Page) => page.getByRole('main').getByRole('button').first(),
  },
  {
    path: '/smartHome/googleHome/integrationInfo',
    title: googleEn.integration.title,
    ready: (page: Page) => page.getByRole('main').getByRole('link').first(),
  },
  {
    path: '/smartHome/googleHome/voiceInfo',
    title: googleEn.voice.title,
    ready: (page: Page) =>
      page
        .getByTestId('google-voice-examples')
        .getByText(/Back garden|Orchard/)
        .first(),
  },
  {
    path: '/smartHome/hornbach/intro',
    title: hornbachEn.intro.title,
    ready: (page: Page) => page.getByRole('main').getByRole('link'),
  },
  {
    path: '/smartHome/hornbach/howToConnect',
    title: hornbachEn.howTo.title,
    ready: (page: Page) => page.getByRole('list').first(),
  },
] as const;

const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

test('the overview leads to each platform’s pages', async ({ page }) => {
  await page.goto(`/smartHome?lang=en&${AS_FRIEND}`);
  await expect(page).toHaveTitle(`${smartHomeEn.title} - Navimow`);
  const list = page.getByRole('list', { name: smartHomeEn.platformsLabel });
  await expect(list.getByRole('link')).toHaveCount(3);
  await expect(list.getByRole('link', { name: /^Amazon Alexa/ })).toHaveAttribute(
    'href',
    '/smartHome/alexa/info?lang=en',
  );

  await list.getByRole('link', { name: /^Hornbach/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: hornbachEn.intro.title })).toBeVisible();
  await page.getByRole('link', { name: hornbachEn.intro.howToConnect }).click();
  await expect(page.getByRole('heading', { level: 1, name: hornbachEn.howTo.title })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await list.getByRole('link', { name: /^Google Assistant/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: googleEn.title })).toBeVisible();
});

test('a screen whose texts did not arrive the first time asks again and shows them, not their keys', async ({
  page,
}) => {
  let asked = 0;
  await page.route('**/en/hornbach.json', (route) =>
    ++asked === 1 ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue(),
  );
  await page.goto(`/smartHome?lang=en&${AS_FRIEND}`);
  await waitForApp(page);
  await page
    .getByRole('list', { name: smartHomeEn.platformsLabel })
    .getByRole('link', { name: /^Hornbach/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: hornbachEn.intro.title })).toBeVisible();
  await expect(page).toHaveTitle(`${hornbachEn.intro.title} - Navimow`);
  expect(asked).toBe(2);
});

test('a failed load of the links says so and Retry loads them', async ({ page }) => {
  let failed = false;
  await page.route('**/api/voice-links', async (route) => {
    if (failed) return route.fallback();
    failed = true;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable', message: 'x' } }),
    });
  });
  await page.goto(`/smartHome?lang=en&${AS_FRIEND}`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(smartHomeEn.failure.load);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
});

test('offline, the overview says there is no Internet connection, and loads the links on reconnection', async ({
  page,
  context,
}) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/voice-links', async (route) => {
    await gate;
    await route.abort('internetdisconnected');
  });
  await page.goto(`/smartHome?lang=en&${AS_FRIEND}`);
  await expect(page.getByRole('list', { name: smartHomeEn.platformsLabel })).toBeVisible();
  await waitForApp(page);
  await context.setOffline(true);
  release();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('No Internet connection');
  await page.unroute('**/api/voice-links');
  await context.setOffline(false);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
});

// One test per screen: nine axe runs in one test's 30 s were too many on a loaded two-core machine.
for (const language of ['en', 'de', 'fi'] as const) {
  for (const screen of SCREENS) {
    test(
      `${screen.path.split('?')[0]} passes axe in ${language}`,
      languageRun(language, AXE_LANGUAGES),
      async ({ page }) => {
        await page.goto(withQuery(screen.path, `lang=${language}&${AS_FRIEND}`));
        await expect(screen.ready(page), screen.path).toBeVisible();
        await expectAccessible(page);
      },
    );
  }
}

test.describe('every new screen in every language', () => {
  for (const language of LANGUAGES) {
    test(`speaks ${language}`, languageRun(language), async ({ page }) => {
      for (const screen of SCREENS) {
        await page.goto(withQuery(screen.path, `lang=${language}&${AS_FRIEND}`));
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(screen.ready(page), screen.path).toBeVisible();
        const title = page.getByRole('heading', { level: 1 });
        await expect(page).toHaveTitle(`${await title.innerText()} - Navimow`);
        // "Google Assistant" is the same in every language; "Smart home" in a few (the glossary's sameAsEnglish).
        const rightlySame = screen.title === googleEn.title || GLOSSARY[language].sameAsEnglish?.includes(screen.title);
        if (language !== 'en' && !rightlySame) await expect(title, screen.path).not.toHaveText(screen.title);
        const text = await page.getByRole('main').innerText();
        expect(text, screen.path).not.toMatch(
          /\b(smartHome|googleHome|hornbach|common):|\b(detail|howTo|unlink|appFlip|integration|voice|intro|failure|platforms|services)\.\w+/,
        );
      }
    });
  }
});
