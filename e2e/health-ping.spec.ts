import { expect, test } from '@playwright/test';
import en from '../locales/en/health.json' with { type: 'json' };
import { expectAccessible, languageRun, LANGUAGES } from './fixtures.ts';

test.describe('healthPing in the simulated native app', () => {
  test('shows the page, the app and the server working, and logs the bridge calls', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/healthPing?lang=en');

    await expect(page.getByRole('heading', { level: 1, name: 'Health check' })).toBeVisible();
    await expect(page).toHaveTitle('Health check - Navimow');
    for (const id of ['page', 'bridge', 'server']) {
      await expect(page.getByTestId(`check-${id}`)).toHaveAttribute('data-status', 'ok');
    }
    await expect(page.getByText('Connected to the simulated app')).toBeVisible();
    await expect(page.getByText('App version 3.0.200 (build 300000200)')).toBeVisible();
    await expect(page.getByText(en.bridge.enhanced)).toBeVisible();

    const log = page.getByTestId('bridge-log');
    await expect(log.locator('li[data-method="getAppVersion"][data-code="0"]').first()).toBeVisible();
    await expect(log.locator('li[data-method="finishRendering"][data-code="0"]')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('takes the app version from the URL and gates enhanced features below build 300000153', async ({ page }) => {
    await page.goto('/healthPing?lang=en&sim_app_version=300000152');
    await expect(page.getByText('App version 3.0.152 (build 300000152)')).toBeVisible();
    await expect(page.getByText(en.bridge.updateForEnhanced)).toBeVisible();
  });

  test('checks again on request', async ({ page }) => {
    await page.goto('/healthPing?lang=en');
    await expect(page.getByTestId('check-server')).toHaveAttribute('data-status', 'ok');
    const healthCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/health')) healthCalls.push(request.url());
    });
    await page.getByRole('button', { name: en.checkAgain }).click();
    await expect(page.getByTestId('check-server')).toHaveAttribute('data-status', 'ok');
    expect(healthCalls).toHaveLength(1);
  });

  test('passes axe checks', async ({ page }) => {
    await page.goto('/healthPing?lang=en');
    await expect(page.getByTestId('check-server')).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('bridge-log')).toBeVisible();
    await expectAccessible(page);
  });

  for (const language of LANGUAGES) {
    test(`speaks ${language}`, languageRun(language), async ({ page }) => {
      const strings = new Set<string>();
      await page.goto(`/healthPing?lang=${language}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByTestId('check-server')).toHaveAttribute('data-status', 'ok');
      const heading = await page.getByRole('heading', { level: 1 }).innerText();
      await expect(page).toHaveTitle(`${heading} - Navimow`);
      if (language !== 'en') {
        expect(heading).not.toBe(en.title);
        strings.add(en.intro).add(en.checkAgain).add(en.status.ok).add(en.server.label);
        const lines = (await page.locator('#root').innerText())
          .split('\n')
          .map((line) => line.replace(/^✓ /, '').trim());
        for (const english of strings) expect(lines).not.toContain(english);
      }
      // No raw translation keys such as `bridge.label` or `common:routes.x` on screen.
      expect(await page.locator('body').innerText()).not.toMatch(
        /\b(common|health|simulator):|\b[a-z]+\.[a-z]+[A-Za-z]*\.[a-z]/,
      );
    });
  }
});

test.describe('language resolution', () => {
  test('takes lang case-insensitively and without its region; nb and nn are Norwegian', async ({ page }) => {
    for (const [lang, expected] of [
      ['DE-at', 'de'],
      ['nb', 'no'],
      ['nn-NO', 'no'],
      ['pt_BR', 'pt'],
    ]) {
      await page.goto(`/healthPing?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', expected!);
    }
  });

  test.describe('without lang', () => {
    test.use({ locale: 'fr-CA' });
    test('follows the browser language', async ({ page }) => {
      await page.goto('/healthPing');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    });
  });

  test.describe('with an unsupported language everywhere', () => {
    test.use({ locale: 'ja-JP' });
    test('falls back to English', async ({ page }) => {
      await page.goto('/healthPing?lang=xx');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Health check');
    });
  });

  test('downloads only the active language', async ({ page }) => {
    const localeChunks: string[] = [];
    page.on('response', (response) => {
      const match = /\/assets\/locales-[0-9a-f]{12}\/(\w+)\/(\w+)\.json$/.exec(response.url());
      if (match) localeChunks.push(`${match[1]}/${match[2]}`);
    });
    await page.goto('/healthPing?lang=sv');
    await expect(page.getByTestId('check-server')).toHaveAttribute('data-status', 'ok');
    await expect(page.getByTestId('bridge-log')).toBeVisible();
    expect(localeChunks.sort()).toEqual(['sv/common', 'sv/health', 'sv/simulator']);
  });
});
