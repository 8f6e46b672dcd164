import { expect, type Page, test } from '@playwright/test';
import { type PageRoute, type PageRouteId, pageRoutes } from '../common/page-routes.ts';
import {
  AXE_LANGUAGES,
  collectHydrationErrors,
  expectAccessible,
  expectFitsTheScreen,
  holdTheApp,
  languageRun,
  MAIN_STATE_QUERY as QUERY,
  waitForApp,
} from './fixtures.ts';
import commentsEn from '../locales/en/comments.json' with { type: 'json' };

/**
 * The server-rendered first view (docs/decisions/019-server-rendered-first-view.md), on every page in English,
 * German and Finnish:
 * - before any script runs, the document already shows the screen's first state (for pages that load data, their
 *   loading state), and that state passes axe and fits the screen;
 * - the page then takes that markup over (hydration) without a mismatch: React reports none (a guard test below
 *   shows that it would).
 */

const pages = (Object.keys(pageRoutes) as PageRouteId[]).map((id) => {
  const { path }: PageRoute = pageRoutes[id];
  return { id, path: path ?? '/no/such/page' };
});

const address = (id: PageRouteId, path: string, language: string) =>
  `${path}?${QUERY[id] ? `${QUERY[id]}&` : ''}lang=${language}`;

/** Opens a page and waits until it has taken the server's markup over. */
async function openAndHydrate(page: Page, url: string) {
  await page.goto(url);
  await waitForApp(page);
}

for (const language of ['en', 'de', 'fi'] as const) {
  test.describe(`the server-rendered first view in ${language}`, languageRun(language, AXE_LANGUAGES), () => {
    for (const { id, path } of pages) {
      test.describe(id, () => {
        test('shows the screen before any script, passing axe and fitting the screen', async ({ page }) => {
          // The page's own scripts never arrive (axe still runs: Playwright brings it).
          await page.route('**/assets/*.js', (route) => route.abort());
          await page.goto(address(id, path, language));
          await expect(page.locator('#root h1')).toBeVisible();
          await expectAccessible(page, '#root');
          await expectFitsTheScreen(page);
        });

        test('is taken over by the page without a mismatch', async ({ page }) => {
          const errors = collectHydrationErrors(page);
          await openAndHydrate(page, address(id, path, language));
          expect(errors).toEqual([]);
        });
      });
    }
  });
}

test('a mismatch between the server and the page is caught', async ({ page }) => {
  // The guard of the sweep above: the server's heading is changed on its way to the browser.
  await page.route('**/connectSolutions?lang=en', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/(<h1[^>]*>)[^<]*/, '$1Not what the page renders');
    await route.fulfill({ response, body: html, headers: { ...response.headers(), 'content-encoding': 'identity' } });
  });
  const errors = collectHydrationErrors(page);
  await openAndHydrate(page, '/connectSolutions?lang=en');
  await expect.poll(() => errors.length).toBeGreaterThan(0);
});

test('a button tapped before the page has taken it over acts once it has', async ({ page }) => {
  // Unbind is there while the link's state is loading, and stays for an account that is linked; the page is the
  // confirmation, so the tap unbinds once the page has taken over, and only then.
  await page.route('**/api/voice-links', (route) =>
    route.fulfill({
      json: { links: [{ platform: 'alexa', bound: true, bound_since: new Date().toISOString(), client_id: 'alexa' }] },
    }),
  );
  const unbinds: string[] = [];
  await page.route('**/api/voice-links/alexa', (route) => {
    unbinds.push(route.request().method());
    return route.fulfill({ status: 204 });
  });
  const release = await holdTheApp(page);
  await page.goto('/smartHome/alexa/unbindAlexa?lang=en');
  await page.getByRole('main').getByRole('button', { name: 'Unbind' }).click();
  expect(unbinds).toEqual([]);
  release();
  await expect(page.getByRole('heading', { name: 'Unbind successfully' })).toBeVisible();
  expect(unbinds).toEqual(['DELETE']);
});

test('a form sent before the page has taken it over is held, then sent to the page once it has', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/shulex-comment-tool?lang=en');
  await page.locator('main button[type="submit"]').click();
  // Not sent the browser's way (that would reload the page and lose what was typed).
  await expect(page).toHaveURL(/\/shulex-comment-tool\?lang=en$/);
  await expect(page.locator('#rating-error')).toHaveCount(0);
  release();
  // The app validates it as if it had been there: no rating chosen.
  await expect(page.locator('#rating-error')).toBeVisible();
});

test("fields filled in before the page has taken them over are the screen's state once it has", async ({ page }) => {
  const posts: unknown[] = [];
  await page.route('**/api/comments', async (route) => {
    posts.push(route.request().postDataJSON());
    await route.continue();
  });
  const release = await holdTheApp(page);
  await page.goto('/shulex-comment-tool?lang=en&sim_mower=NVM-DEMO-0002');
  await page.getByRole('radio', { name: '4 stars' }).check();
  await page
    .getByRole('combobox', { name: commentsEn.topic.label })
    .selectOption({ label: commentsEn.topic.options.mapping });
  await page.getByRole('textbox', { name: commentsEn.comment.label }).fill('Typed while the page was loading.');
  await page.getByRole('button', { name: commentsEn.submit }).click();
  release();
  await expect(page.getByRole('heading', { level: 1, name: commentsEn.success.title })).toBeVisible();
  expect(posts).toEqual([
    expect.objectContaining({ rating: 4, topic: 'mapping', comment: 'Typed while the page was loading.' }),
  ]);
});

test('a page whose code could not arrive while offline loads it once the connection is back', async ({
  page,
  context,
}) => {
  let failNext = true;
  let offline!: () => void;
  const wentOffline = new Promise<void>((resolve) => {
    offline = resolve;
  });
  await page.route('**/assets/start-*.js', async (route) => {
    if (!failNext) return route.continue();
    failNext = false;
    await wentOffline;
    return route.abort('internetdisconnected');
  });
  await page.goto('/shulex-comment-tool?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: commentsEn.title })).toBeVisible();
  await context.setOffline(true);
  offline();
  // The first view stays; nothing reloads into the browser's error page.
  await page.waitForTimeout(500);
  await expect(page.getByRole('heading', { level: 1, name: commentsEn.title })).toBeVisible();

  await context.setOffline(false);
  await waitForApp(page);
  await page.locator('main button[type="submit"]').click();
  await expect(page.locator('#rating-error')).toBeVisible();
});
