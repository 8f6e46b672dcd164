import { expect, type Page, test } from '@playwright/test';
import accountLinkingDe from '../locales/de/accountLinking.json' with { type: 'json' };
import accountLinkingEn from '../locales/en/accountLinking.json' with { type: 'json' };
import healthEn from '../locales/en/health.json' with { type: 'json' };
import winterDe from '../locales/de/winterGuide.json' with { type: 'json' };

/** Every request the page makes for the build's files, as `path` lines in the order made. */
function trackAssetRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) requested.push(pathname);
  });
  return requested;
}

/** How the page got each file: `link` when a preload in the HTML fetched it, `fetch` when code did. */
const initiators = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .map((entry) => [new URL(entry.name).pathname, entry.initiatorType]),
    ),
  );

/**
 * Each of these files was fetched by a preload in the HTML. A file is in the page's resource timing only once it
 * has arrived, which may be after the screen is shown: asked until all have.
 */
async function expectPreloaded(page: Page, paths: readonly string[]) {
  await expect
    .poll(async () => {
      const by = await initiators(page);
      return Object.fromEntries(paths.map((path) => [path, by[path]]));
    })
    .toEqual(Object.fromEntries(paths.map((path) => [path, 'link'])));
}

test.describe('pages opened in a plain browser', () => {
  // The e2e server runs with the simulated native app on (playwright.config.ts), as `npm start` does.
  for (const { path, heading } of [
    { path: '/smartHome/login', heading: accountLinkingEn.title },
    { path: '/smartHome/alexa/installNavimow', heading: accountLinkingEn.alexaTitle },
  ]) {
    test(`${path} never shows the simulated app around it`, async ({ page }) => {
      const response = await page.goto(`${path}?lang=en`);
      expect(await response?.text()).not.toContain('navimow-simulator');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('#native-simulator')).toHaveCount(0);
      await expect(page.getByTestId('bridge-log')).toHaveCount(0);
      await expect(page.locator('body')).not.toHaveClass(/native-simulator/);
      expect(await page.evaluate(() => 'NavimowBridge' in window)).toBe(false);
    });
  }

  test('an app page on the same server does run in the simulated app', async ({ page }) => {
    await page.goto('/healthPing?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: healthEn.title })).toBeVisible();
    await expect(page.getByTestId('bridge-log')).toBeVisible();
  });
});

test.describe('the first screen’s requests', () => {
  test('start with the document and are each made once: the preloads are the ones the page uses', async ({ page }) => {
    const requested = trackAssetRequests(page);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    const response = await page.goto('/robotWinterMode/guide?lang=de');
    const html = (await response?.text()) ?? '';
    await expect(page.getByRole('heading', { level: 1, name: winterDe.title })).toBeVisible();
    await expect(page.getByTestId('bridge-log')).toBeVisible();

    const locales = requested.filter((path) => path.endsWith('.json'));
    expect(locales.map((path) => path.split('/').slice(-2).join('/')).sort()).toEqual([
      'de/common.json',
      'de/simulator.json',
      'de/winterGuide.json',
    ]);
    expect(requested.length, requested.join('\n')).toBe(new Set(requested).size);

    const winterChunk = requested.find((path) => /\/winter-guide-[\w-]+\.js$/.test(path));
    expect(winterChunk).toBeDefined();
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${winterChunk}">`);
    await expectPreloaded(
      page,
      locales.filter((file) => !file.endsWith('/simulator.json')),
    );
    expect(warnings).toEqual([]);
  });

  test.describe('in the browser’s language', () => {
    test.use({ locale: 'de-AT' });
    test('announce the strings of that language, which the page then uses', async ({ page }) => {
      const requested = trackAssetRequests(page);
      await page.goto('/smartHome/login');
      await expect(page.getByRole('heading', { level: 1, name: accountLinkingDe.title })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      const locales = requested.filter((path) => path.endsWith('.json'));
      expect(locales.map((path) => path.split('/').slice(-2).join('/')).sort()).toEqual([
        'de/accountLinking.json',
        'de/common.json',
      ]);
      await expectPreloaded(page, locales);
    });
  });
});
