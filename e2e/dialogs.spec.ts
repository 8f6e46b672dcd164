import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, localeTexts } from './fixtures.ts';

/**
 * Every confirmation dialog of the product, in English, German and Finnish (long words): it opens with the safe
 * choice focused, passes axe, keeps the keyboard inside it, and Escape closes it with nothing done, giving the
 * focus back to the page's button. (Each feature's own journeys check what confirming does.)
 */

interface DialogCase {
  name: string;
  namespace: string;
  /** Keys of the dialog's title and its safe (cancel) button. */
  title: string;
  /** The title's placeholders. */
  titleValues?: Record<string, string>;
  cancel: string;
  open: (page: Page, language: string, t: (path: string) => string) => Promise<void>;
  /** What shows that nothing was done once the dialog is dismissed. */
  untouched: (page: Page, t: (path: string) => string) => Promise<void>;
}

const googleLinked = { links: [{ platform: 'google', bound: true, bound_since: '2026-11-01T08:00:00.000Z', client_id: 'google' }] };
const homeAssistantLinked = { services: [{ id: 'grant-dialogs', client_id: 'homeassistant', name: 'Home Assistant', since: '2026-11-03T08:00:00.000Z' }] };

const DIALOGS: DialogCase[] = [
  {
    name: 'unlinking Google Assistant',
    namespace: 'googleHome',
    title: 'unlink.confirmTitle',
    cancel: 'unlink.cancel',
    async open(page, language, t) {
      // Linked as far as this page knows, so that no other journey's account changes.
      await page.route('**/api/voice-links', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: googleLinked }) : route.continue()));
      await page.route('**/api/voice-links/google', (route) => route.abort());
      await page.goto(`/smartHome/googleHome/startUnbindLink?lang=${language}`);
      await page.getByRole('main').getByRole('button', { name: t('unlink.action') }).click();
    },
    // Still the page that offers to unlink, not its outcome (the unlink request would fail here: it is cut).
    untouched: (page, t) => expect(page.getByRole('main').getByRole('button', { name: t('unlink.action') })).toBeEnabled(),
  },
  {
    name: 'unlinking a connected service',
    namespace: 'smartHome',
    title: 'services.confirm.title',
    titleValues: { name: 'Home Assistant' },
    cancel: 'services.confirm.cancel',
    async open(page, language, t) {
      // A link as far as this page knows, and an unlink that never arrives: no account changes.
      await page.route('**/api/voice-links/services', (route) => route.fulfill({ json: homeAssistantLinked }));
      await page.route('**/api/voice-links/services/*', (route) => route.abort());
      await page.goto(`/smartHome?lang=${language}`);
      await page.getByRole('main').getByRole('listitem').getByRole('button', { name: t('services.unlink') }).click();
    },
    untouched: (page, t) => expect(page.getByRole('main').getByRole('listitem').getByRole('button', { name: t('services.unlink') })).toBeEnabled(),
  },
  {
    name: 'rejecting an invitation',
    namespace: 'sharing',
    title: 'confirmReject.title',
    cancel: 'confirmReject.cancel',
    async open(page, language, t) {
      await page.goto(`/shareInvitation?id=demo-pending&lang=${language}`);
      await page.getByRole('button', { name: t('reject') }).click();
    },
    // Still pending: it can be accepted.
    untouched: (page, t) => expect(page.getByRole('button', { name: t('accept') })).toBeEnabled(),
  },
  {
    name: 'hibernating the mower',
    namespace: 'winterGuide',
    title: 'hibernate.confirm.title',
    cancel: 'hibernate.confirm.cancel',
    async open(page, language, t) {
      await page.goto(`/robotWinterMode/guide?lang=${language}&sim_mower=NVM-DEMO-0001`);
      await page.getByTestId('hibernation').getByRole('button', { name: t('hibernate.begin') }).click();
    },
    untouched: (page) => expect(page.getByTestId('bridge-log').locator('li[data-method="setWinterStorageMode"]')).toHaveCount(0),
  },
  {
    name: 'marking all messages read',
    namespace: 'messages',
    title: 'markAll.title',
    cancel: 'markAll.cancel',
    async open(page, language, t) {
      await page.goto(`/message-center?lang=${language}`);
      await page.getByRole('button', { name: t('actions.markAllRead') }).click();
    },
    // Nothing was marked read: there is still something to mark.
    untouched: (page, t) => expect(page.getByRole('button', { name: t('actions.markAllRead') })).toBeEnabled(),
  },
];

for (const language of ['en', 'de', 'fi'] as const) {
  test.describe(`confirmation dialogs in ${language}`, () => {
    for (const dialogCase of DIALOGS) {
      test(dialogCase.name, async ({ page }) => {
        const t = await localeTexts(language, dialogCase.namespace);
        await dialogCase.open(page, language, t);
        const title = t(dialogCase.title).replace(/\{\{(\w+)\}\}/g, (_, key: string) => dialogCase.titleValues?.[key] ?? '');
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
            element.contains(document.activeElement) ? (document.activeElement?.textContent ?? '') : document.activeElement === document.body ? 'nothing' : 'the page',
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
