import { expect, type Page, test } from '@playwright/test';
import { type PageRoute, type PageRouteId, pageRoutes } from '../common/page-routes.ts';
import { PSEUDO_LETTERS, pseudoLocalizeResource } from '../scripts/pseudo-locale.ts';
import { DEMO } from '../server/db/seed.ts';
import { expectFitsTheScreen, MAIN_STATE_QUERY as QUERY } from './fixtures.ts';

/**
 * Every page once in the pseudo-locale (scripts/pseudo-locale.ts): English's locale files, accented and 40 % longer,
 * served in place of English's. A text still in plain letters is not in the locale files (written into the code);
 * a box that clips or a page wider than the phone will do so in a long language too.
 */

/**
 * Pages that move on by themselves as they open (their own journeys check them), and the developer tool that is in
 * English only by design (`untranslatedTitle`, docs/decisions/031-bridge-check.md).
 */
const LEFT_OUT: readonly PageRouteId[] = [
  'alexaStartLink',
  ...(Object.keys(pageRoutes) as PageRouteId[]).filter((id) => 'untranslatedTitle' in pageRoutes[id]),
];

/** Texts that are the same in every language: names of products and companies, and the demo's own data. */
const NAMES = new Set<string>([
  'Amazon Alexa',
  'Google Assistant',
  'Google Home',
  'Home Assistant',
  'Hornbach',
  ...[DEMO.owner, DEMO.friend].flatMap((account) => [account.displayName, account.email]),
  ...Object.values(DEMO.mowers).flatMap((mower) => [mower.name, mower.model, mower.serial]),
]);

async function servePseudoLocale(page: Page) {
  await page.route('**/assets/locales-*/en/*.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: pseudoLocalizeResource(await response.json()) });
  });
}

/**
 * Visible texts of the page's own content that the pseudo-locale did not write. Dates and times are the browser's
 * own (Intl, in a `<time>`), and words in a fixed language carry their own `lang` (Alexa's spoken commands).
 */
function plainTexts(page: Page) {
  return page.evaluate(
    (pseudo) => {
      const letters = new Set(pseudo);
      const found: string[] = [];
      const root = document.querySelector('#root');
      if (!root) return found;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (!/[A-Za-z]{2}/.test(text) || [...text].some((char) => letters.has(char))) continue;
        const element = node.parentElement;
        if (!element || element.closest('[hidden], [aria-hidden="true"], time, #root [lang]')) continue;
        if (element.getClientRects().length === 0) continue;
        found.push(text);
      }
      return found;
    },
    [...PSEUDO_LETTERS],
  );
}

/** Elements whose text is cut off: wider than their box where the box hides what does not fit. */
function clippedTexts(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#root *')]
      .filter((element) => {
        const style = getComputedStyle(element);
        const hides = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
        // A visually hidden text (1 px, for screen readers) is clipped on purpose.
        const visuallyHidden = element.clientWidth <= 1;
        return hides && !visuallyHidden && element.scrollWidth > element.clientWidth + 1 && element.textContent?.trim();
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.trim().slice(0, 60)}`,
      ),
  );
}

for (const id of (Object.keys(pageRoutes) as PageRouteId[]).filter((page) => !LEFT_OUT.includes(page))) {
  test(`${id} in the pseudo-locale: every text from the locale files, nothing clipped`, async ({ page }) => {
    await servePseudoLocale(page);
    const { path = '/no/such/page' }: PageRoute = pageRoutes[id];
    await page.goto(`${path}?${QUERY[id] ? `${QUERY[id]}&` : ''}lang=en`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(/[ȧḗīǿŭ]/);
    await expect(page.locator('#root [aria-busy="true"]')).toHaveCount(0);
    expect((await plainTexts(page)).filter((text) => !NAMES.has(text))).toEqual([]);
    expect(await clippedTexts(page)).toEqual([]);
    await expectFitsTheScreen(page);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
}
