import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, localeTexts, waitForApp } from './fixtures.ts';

/**
 * The keyboard alone, as a user with a hardware keyboard or a switch device goes through a screen, in German and
 * Finnish (long words): the message centre's tabs follow the arrow keys, Home and End; the comment form is filled
 * in and sent without a pointer. Dialogs are in dialogs.spec.ts.
 */

const selectedTab = (page: Page) => page.getByRole('tab', { selected: true });

for (const language of ['de', 'fi'] as const) {
  test(`the message centre's tabs follow the arrow keys, Home and End (${language})`, async ({ page }) => {
    await page.goto(`/message-center?lang=${language}`);
    await waitForApp(page);
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    const count = await tabs.count();
    expect(count).toBeGreaterThan(2);
    await tabs.first().focus();

    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(1)).toBeFocused();
    await expect(page.getByRole('tabpanel')).toHaveAttribute(
      'aria-labelledby',
      (await tabs.nth(1).getAttribute('id'))!,
    );

    await page.keyboard.press('End');
    await expect(tabs.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(count - 1)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.first()).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(count - 1)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tabs.first()).toBeFocused();
    await expect(selectedTab(page)).toHaveCount(1);
    // Only the selected tab is in the Tab order: Tab leaves the tab list for the panel's content.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe('tab');
    await expectAccessible(page, 'main');
  });

  test(`the comment form is filled in and sent with the keyboard alone (${language})`, async ({ page }) => {
    const t = await localeTexts(language, 'comments');
    await page.goto(`/shulex-comment-tool?lang=${language}`);
    await waitForApp(page);
    await page.getByRole('radio').first().focus();
    // Arrow keys move between the stars and choose one, as in any radio group.
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio').nth(3)).toBeChecked();
    await expect(page.getByTestId('rating-meaning')).toHaveText(t('rating.meaning.4'));

    await page.keyboard.press('Tab');
    const topic = page.getByRole('combobox', { name: t('topic.label') });
    await expect(topic).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(topic).not.toHaveValue('');

    await page.keyboard.press('Tab');
    const comment = page.getByRole('textbox', { name: t('comment.label') });
    await expect(comment).toBeFocused();
    await page.keyboard.type('Mit der Tastatur geschrieben.');

    // On to the send button, past anything between, and Enter sends.
    for (
      let step = 0;
      step < 5 &&
      !(await page.getByRole('button', { name: t('submit') }).evaluate((button) => button === document.activeElement));
      step += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(page.getByRole('button', { name: t('submit') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: t('success.title') })).toBeFocused();
  });
}
