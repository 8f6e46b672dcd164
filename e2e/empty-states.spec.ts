import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectFitsTheScreen, localeTexts } from './fixtures.ts';
import { emptyInbox } from './screen-states.ts';

/**
 * The empty states of the lists, in English, German and Finnish (long words): an inbox with nothing in it, in the
 * message centre and its history. The answers are stubbed (the demo inbox is full, and other journeys share it):
 * each page says so in its own words, passes axe and fits the screen.
 */

async function expectFitsAndPasses(page: Page) {
  await expect(page.locator('#root [aria-busy="true"]')).toHaveCount(0);
  await expectAccessible(page, '#root');
  await expectFitsTheScreen(page);
}

for (const language of ['en', 'de', 'fi'] as const) {
  test.describe(`empty lists in ${language}`, () => {
    test('the message centre with an empty inbox', async ({ page }) => {
      const t = await localeTexts(language, 'messages');
      await emptyInbox(page);
      await page.goto(`/message-center?lang=${language}`);
      await expect(
        page
          .getByText(t('empty.none'))
          .or(page.getByText(t('empty.recent')))
          .first(),
      ).toBeVisible();
      // Nothing to mark read.
      await expect(page.getByRole('button', { name: t('actions.markAllRead') })).toHaveCount(0);
      await expectFitsAndPasses(page);
    });

    test('the message history with nothing older than the window', async ({ page }) => {
      const t = await localeTexts(language, 'messages');
      await emptyInbox(page);
      await page.goto(`/messageHistory?lang=${language}`);
      await expect(page.getByText(t('history.empty'))).toBeVisible();
      await expectFitsAndPasses(page);
    });
  });
}
