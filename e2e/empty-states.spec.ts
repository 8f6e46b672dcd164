import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

/**
 * The empty states of the lists, in English, German and Finnish (long words): an inbox with nothing in it, in the
 * message centre and its history. The answers are stubbed (the demo inbox is full, and other journeys share it):
 * each page says so in its own words, passes axe and fits the screen.
 */

type Texts = Record<string, unknown>;
const texts = (language: string): Promise<Texts> =>
  import(`../locales/${language}/messages.json`, { with: { type: 'json' } }).then((module: { default: Texts }) => module.default);
const at = (object: Texts, path: string) => path.split('.').reduce<unknown>((value, key) => (value as Texts)[key], object) as string;

async function emptyInbox(page: Page) {
  await page.route('**/api/messages**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (route.request().method() !== 'GET') return route.continue();
    if (pathname.endsWith('/unread-counts')) {
      return route.fulfill({ json: { unread: { all: 0, important: 0, workLog: 0, notification: 0, system: 0, device: 0 } } });
    }
    return route.fulfill({ json: { messages: [], next_cursor: null } });
  });
}

async function expectFitsAndPasses(page: Page) {
  await expect(page.locator('#root [aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page, '#root');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'wider than the screen').toBeLessThanOrEqual(0);
}

for (const language of ['en', 'de', 'fi'] as const) {
  test.describe(`empty lists in ${language}`, () => {
    test('the message centre with an empty inbox', async ({ page }) => {
      const t = await texts(language);
      await emptyInbox(page);
      await page.goto(`/message-center?lang=${language}`);
      await expect(page.getByText(at(t, 'empty.none')).or(page.getByText(at(t, 'empty.recent'))).first()).toBeVisible();
      // Nothing to mark read.
      await expect(page.getByRole('button', { name: at(t, 'actions.markAllRead') })).toHaveCount(0);
      await expectFitsAndPasses(page);
    });

    test('the message history with nothing older than the window', async ({ page }) => {
      const t = await texts(language);
      await emptyInbox(page);
      await page.goto(`/messageHistory?lang=${language}`);
      await expect(page.getByText(at(t, 'history.empty'))).toBeVisible();
      await expectFitsAndPasses(page);
    });
  });
}
