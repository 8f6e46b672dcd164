import { expect, test } from '@playwright/test';
import { expectAccessible, localeTexts } from './fixtures.ts';
import { DIALOGS } from './screen-states.ts';

/**
 * Every confirmation dialog of the product, in English, German and Finnish (long words): it opens with the safe
 * choice focused, passes axe, keeps the keyboard inside it, and Escape closes it with nothing done, giving the
 * focus back to the page's button. (Each feature's own journeys check what confirming does.)
 */

for (const language of ['en', 'de', 'fi'] as const) {
  test.describe(`confirmation dialogs in ${language}`, () => {
    for (const dialogCase of DIALOGS) {
      test(dialogCase.name, async ({ page }) => {
        const t = await localeTexts(language, dialogCase.namespace);
        await dialogCase.open(page, language, t);
        const title = t(dialogCase.title).replace(
          /\{\{(\w+)\}\}/g,
          (_, key: string) => dialogCase.titleValues?.[key] ?? '',
        );
        const dialog = page.getByRole('dialog', { name: title });
        // Some dialogs follow an answer of the simulated app, which signs in first: allow for a busy machine.
        await expect(dialog).toBeVisible({ timeout: 15_000 });
        const cancel = dialog.getByRole('button', { name: t(dialogCase.cancel) });
        await expect(cancel).toBeFocused();
        await expectAccessible(page, 'dialog');

        // The page behind is inert: Tab goes round the dialog's buttons and never reaches the page (the native
        // dialog lets it pass to the browser's own controls between rounds, where there are any: no element then).
        const reached = new Set<string>();
        for (let step = 0; step < 5; step += 1) {
          await page.keyboard.press('Tab');
          const where = await dialog.evaluate((element) =>
            element.contains(document.activeElement)
              ? (document.activeElement?.textContent ?? '')
              : document.activeElement === document.body
                ? 'nothing'
                : 'the page',
          );
          expect(where).not.toBe('the page');
          reached.add(where);
        }
        expect(reached).toContain(await cancel.textContent());
        expect(reached.size).toBeGreaterThan(2);

        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(page.getByRole('main').locator('button:focus')).toHaveCount(1);
        await dialogCase.untouched(page, t);
      });
    }
  });
}
