import { expect, test } from '@playwright/test';
import { type PageRoute, type PageRouteId, pageRoutes } from '../common/page-routes.ts';
import { AXE_LANGUAGES, expectAccessible, expectFitsTheScreen, languageRun, MAIN_STATE_QUERY } from './fixtures.ts';
import { serverOutage } from './screen-states.ts';

/**
 * Every page of the page table in English, German and Finnish with the server failing (every API request of the
 * page answers 503, as during an outage): the page says so in its own words (or, if it asks the server nothing, shows as
 * always), passes axe (WCAG 2.1 A and AA) and fits the screen. The other states are swept elsewhere: the first view
 * (loading) in server-rendering.spec.ts, the loaded one in every-page.spec.ts, the confirmation dialogs in
 * dialogs.spec.ts, the empty lists in empty-states.spec.ts, keyboard use in keyboard.spec.ts.
 */

/**
 * Pages that show a failed request in place rather than as an alert: the health page marks the failed check in its
 * card, and the winter guide, without the live stream, keeps the battery level the app reported.
 */
const SHOWN_IN_PLACE: readonly PageRouteId[] = ['healthPing', 'winterGuide'];

/** Pages that move on by themselves as they open (Alexa linking starts at once): their own journeys check them. */
const MOVING_ON: readonly PageRouteId[] = ['alexaStartBindLink'];

const pages = (Object.keys(pageRoutes) as PageRouteId[])
  .filter((id) => !MOVING_ON.includes(id))
  .map((id) => {
    const { path }: PageRoute = pageRoutes[id];
    return { id, path: path ?? '/no/such/page' };
  });

for (const language of ['en', 'de', 'fi'] as const) {
  test.describe(`every page in ${language} with the server failing`, languageRun(language, AXE_LANGUAGES), () => {
    for (const { id, path } of pages) {
      test(`${id} says so, passes axe and fits the screen`, async ({ page }) => {
        const failed = await serverOutage(page);
        const query = MAIN_STATE_QUERY[id];
        await page.goto(`${path}?${query ? `${query}&` : ''}lang=${language}`);
        await expect(page).toHaveTitle(/ - /);
        await expect(page.locator('#root [aria-busy="true"]')).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        if (failed.length > 0 && !SHOWN_IN_PLACE.includes(id)) {
          // A page that asked the server something and got the outage tells the user (an alert or a status). Only a
          // visible one counts: the offline notice's live region is on every page, empty while online.
          const said = page.locator('#root').getByRole('alert').or(page.locator('#root').getByRole('status'));
          await expect(said.filter({ visible: true }).first(), failed.join(', ')).toBeVisible();
        }
        await expectAccessible(page, '#root');
        await expectFitsTheScreen(page);
      });
    }
  });
}
