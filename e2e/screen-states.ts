import { expect, type Page } from '@playwright/test';
import type { VoiceLinksResponse } from '../common/voice-links.ts';

/**
 * How a journey reaches a screen's states, in one place: the browser journeys (every-state, empty-states, dialogs,
 * alexa) and the screen gallery (scripts/gallery.ts, docs/gallery.md) import these recipes, so that what the
 * gallery shows translators is what the journeys check.
 */

/** Pages the simulated app signs in and lists mowers through; an outage of the API leaves those working. */
const KEPT_DURING_OUTAGE = (pathname: string) => pathname.startsWith('/api/auth/') || pathname === '/api/mowers';

/**
 * The server failing: every API request of the page answers 503, as during an outage (sign-in and the mower list
 * aside, which the real app does through its own servers). Returns the paths that failed.
 */
export async function serverOutage(page: Page): Promise<string[]> {
  const failed: string[] = [];
  await page.route('**/api/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    // The simulated app signs in and lists the mowers through the API, as the real app does through its
    // own: that keeps working (so Google's voice guide, which lists the mowers too, shows them).
    if (KEPT_DURING_OUTAGE(pathname)) return route.continue();
    failed.push(pathname);
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      json: { error: { code: 'unavailable', message: 'The service is unavailable. Try again later.' } },
    });
  });
  return failed;
}

/**
 * An inbox with nothing in it (the demo inbox is full, and other journeys share it): the lists' empty states. In a
 * native app the server would render the first view with the demo's messages (decision 021): without that view the
 * page loads as always, from the stubbed lists.
 */
export async function emptyInbox(page: Page) {
  await page.route('**/api/personal-view**', (route) =>
    route.fulfill({ status: 404, json: { error: { code: 'not_found', message: 'No view.' } } }),
  );
  await page.route('**/api/messages**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (route.request().method() !== 'GET') return route.continue();
    if (pathname.endsWith('/unread-counts')) {
      return route.fulfill({
        json: { unread: { all: 0, important: 0, workLog: 0, notification: 0, system: 0, device: 0 } },
      });
    }
    return route.fulfill({ json: { messages: [], next_cursor: null } });
  });
}

/** The account's Alexa link as linked, for pages that show Unlink only then. */
export async function stubAlexaLinked(page: Page) {
  const links: VoiceLinksResponse = {
    links: [{ platform: 'alexa', linked: true, linked_since: new Date().toISOString(), client_id: 'alexa' }],
  };
  await page.route('**/api/voice-links', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: links }) : route.continue(),
  );
}

/**
 * Alexa linking answered by stubs, so that a screen neither touches the account nor leaves for Amazon: the start
 * gets Amazon's two URLs, Amazon's consent does not answer, and the return leg completes.
 */
export async function stubLinking(page: Page) {
  await page.route('**/api/voice-links/alexa/start', (route) =>
    route.fulfill({
      json: {
        alexa_app_url: 'https://alexa.amazon.com/spa/skill-account-linking-consent?state=stub',
        lwa_fallback_url: 'https://www.amazon.com/ap/oa?state=stub',
        expires_at: new Date(Date.now() + 600_000).toISOString(),
      },
    }),
  );
  // Amazon's consent does not answer: the start page stays where it asks the user to continue in the Alexa app.
  await page.route('**/dev/amazon/authorize', (route) => route.abort());
  await page.route('**/api/voice-links/alexa/complete', (route) =>
    route.fulfill({
      json: { link: { platform: 'alexa', linked: true, linked_since: new Date().toISOString(), client_id: 'alexa' } },
    }),
  );
}

/**
 * Every confirmation dialog of the product: how to open it (each in a state that changes no account), and what
 * shows that nothing was done once it is dismissed.
 */
export interface DialogCase {
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

export const homeAssistantLinked = {
  services: [
    { id: 'grant-dialogs', client_id: 'homeassistant', name: 'Home Assistant', since: '2026-11-03T08:00:00.000Z' },
  ],
};

export const DIALOGS: DialogCase[] = [
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
      await page
        .getByRole('main')
        .getByRole('listitem')
        .getByRole('button', { name: t('services.unlink') })
        .click();
    },
    untouched: (page, t) =>
      expect(
        page
          .getByRole('main')
          .getByRole('listitem')
          .getByRole('button', { name: t('services.unlink') }),
      ).toBeEnabled(),
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
      await page
        .getByTestId('hibernation')
        .getByRole('button', { name: t('hibernate.begin') })
        .click();
    },
    untouched: (page) =>
      expect(page.getByTestId('bridge-log').locator('li[data-method="setWinterStorageMode"]')).toHaveCount(0),
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
