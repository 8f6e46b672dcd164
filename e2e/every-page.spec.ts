import { expect, test } from '@playwright/test';
import { type PageRoute, type PageRouteId, pageRoutes } from '../common/page-routes.ts';
import { expectAccessible, expectFitsTheScreen, MAIN_STATE_QUERY as QUERY, SWEEP_TAG } from './fixtures.ts';

/**
 * Every page of the page table, as it first shows, in English, German and Finnish (the longest words), light and
 * dark: axe finds nothing (WCAG 2.1 A and AA) and nothing is wider than the phone's screen. The screens' own journeys check their
 * other states (empty, error, dialogs); this sweep makes sure no page is left out, including the ones added later.
 */

/** Pages that move on by themselves as they open (Alexa linking starts at once): their own journeys check them. */
const MOVING_ON: readonly PageRouteId[] = ['alexaStartBindLink'];

const pages = (Object.keys(pageRoutes) as PageRouteId[])
  .filter((id) => !MOVING_ON.includes(id))
  .map((id) => {
    const { path }: PageRoute = pageRoutes[id];
    return { id, path: path ?? '/no/such/page' };
  });

// English and Finnish in the light scheme, German in the dark one (its own colours, contrast) on CI; German light and
// English dark in the sweep (decision 040).
const RUNS = [
  { language: 'en', scheme: 'light', sweep: false },
  { language: 'fi', scheme: 'light', sweep: false },
  { language: 'de', scheme: 'dark', sweep: false },
  { language: 'de', scheme: 'light', sweep: true },
  { language: 'en', scheme: 'dark', sweep: true },
] as const;

for (const { language, scheme, sweep } of RUNS) {
  test.describe(
    `every page in ${language}${scheme === 'dark' ? ', dark' : ''}`,
    sweep ? { tag: SWEEP_TAG } : {},
    () => {
      test.use({ colorScheme: scheme });
      for (const { id, path } of pages) {
        test(`${id} passes axe and fits the screen`, async ({ page }) => {
          await page.goto(`${path}?${QUERY[id] ? `${QUERY[id]}&` : ''}lang=${language}`);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          // Loaded: no busy indicator left in the page's own content.
          await expect(page.locator('#root [aria-busy="true"]')).toHaveCount(0);
          await expectAccessible(page, '#root');
          await expectFitsTheScreen(page);
        });
      }
    },
  );
}

test('the accessibility check finds what it is there to find', async ({ page }) => {
  // The sweep's guard: an image without a text alternative and grey-on-white text put into a real page.
  await page.goto('/connectSolutions?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.locator('#root main').evaluate((main) => {
    main.insertAdjacentHTML('beforeend', '<img src="/favicon.svg"><p style="color:#ccc;background:#fff">faint</p>');
  });
  await expect(expectAccessible(page, '#root')).rejects.toThrow(
    /image-alt[\s\S]*color-contrast|color-contrast[\s\S]*image-alt/,
  );
});
