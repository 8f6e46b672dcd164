import { expect, type Page, test } from '@playwright/test';
import { type PageRoute, type PageRouteId, pageRoutes } from '../common/page-routes.ts';
import commentsEn from '../locales/en/comments.json' with { type: 'json' };
import commonDe from '../locales/de/common.json' with { type: 'json' };
import commonEn from '../locales/en/common.json' with { type: 'json' };
import messagesDe from '../locales/de/messages.json' with { type: 'json' };
import messagesEn from '../locales/en/messages.json' with { type: 'json' };
import sharingEn from '../locales/en/sharing.json' with { type: 'json' };
import { expectAccessible, MAIN_STATE_QUERY } from './fixtures.ts';

/**
 * The states a user meets off the main path (issue 28): signed out, a page reached by a link and then reloaded in
 * the app's language, messages in the reader's language with their advice and help. Through the simulated app, as
 * the demo owner; these journeys only read (the messages they open are read already).
 */

/** Pages that move on by themselves as they open (Alexa linking starts at once): their own journeys check them. */
const MOVING_ON: readonly PageRouteId[] = ['alexaStartLink'];

const pages = (Object.keys(pageRoutes) as PageRouteId[])
  .filter((id) => !MOVING_ON.includes(id))
  .map((id) => {
    const { path }: PageRoute = pageRoutes[id];
    const query = MAIN_STATE_QUERY[id];
    return { id, url: `${path ?? '/no/such/page'}?${query ? `${query}&` : ''}` };
  });

/** Every API call of the page answers 401, as when the app's session has expired; the simulated app's own sign-in works. */
async function expireTheSession(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.route('**/api/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname.startsWith('/api/auth/') || pathname === '/api/mowers') return route.continue();
    refused.push(pathname);
    await route.fulfill({
      status: 401,
      contentType: 'application/json',
      json: { error: { code: 'unauthorized', message: 'Sign in again.' } },
    });
  });
  return refused;
}

test.describe('signed out', () => {
  test('the message centre says so, as the invitation page does, as a result screen with Close and nothing to retry or refresh', async ({
    page,
  }) => {
    await expireTheSession(page);
    await page.goto('/message-center?lang=en');
    const root = page.locator('#root');
    await expect(root.getByRole('alert').filter({ hasText: commonEn.session.signedOut })).toBeVisible();
    await expect(root.locator('[data-result="failure"]')).toBeVisible();
    await expect(root.getByRole('tablist')).toHaveCount(0);
    await expect(root.getByText(messagesEn.list.failed)).toHaveCount(0);
    await expect(root.getByRole('button', { name: commonEn.actions.retry })).toHaveCount(0);
    await expect(root.getByRole('button', { name: messagesEn.actions.refresh })).toHaveCount(0);
    await expect(root.getByRole('button', { name: commonEn.actions.close })).toBeVisible();
    await expectAccessible(page, '#root');

    await page.goto('/shareInvitation?id=demo-pending&lang=en');
    await expect(root.getByRole('alert')).toHaveText(sharingEn.failure.signedOut);
    await expect(root.locator('[data-result="failure"]')).toBeVisible();
    await expect(root.getByRole('button', { name: commonEn.actions.retry })).toHaveCount(0);
    await expect(root.getByRole('button', { name: commonEn.actions.close })).toBeVisible();
  });

  test('the message detail and the history say so in the page’s language', async ({ page }) => {
    await expireTheSession(page);
    for (const path of ['/message-detail?id=demo-msg-lifted&lang=de', '/messageHistory?lang=de']) {
      await page.goto(path);
      await expect(page.locator('#root').getByRole('alert')).toHaveText(commonDe.session.signedOut);
      await expect(page.locator('#root').getByRole('button', { name: commonDe.actions.retry })).toHaveCount(0);
      await expect(page.locator('#root').getByRole('button', { name: commonDe.actions.close })).toBeVisible();
    }
  });

  test('the comment tool says so when its comment is refused, and sends again only on Send', async ({ page }) => {
    const refused = await expireTheSession(page);
    await page.goto('/shulex-comment-tool?lang=en');
    const root = page.locator('#root');
    await root.getByRole('radio', { name: '4 stars' }).check();
    await root.getByRole('button', { name: commentsEn.submit }).click();
    await expect(root.getByRole('alert')).toHaveText(commentsEn.failure.signedOut);
    await expect(root.getByRole('button', { name: commonEn.actions.retry })).toHaveCount(0);
    await expect(root.getByRole('button', { name: commentsEn.submit })).toBeEnabled();
    expect(refused).toEqual(['/api/comments']);
  });

  for (const { id, url } of pages) {
    test(`${id} offers no Retry that can never work`, async ({ page }) => {
      const refused = await expireTheSession(page);
      await page.goto(`${url}lang=en`);
      await expect(page).toHaveTitle(/ - /);
      await expect(page.locator('#root [aria-busy="true"]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      if (refused.length === 0) return;
      await expect(
        page.locator('#root').getByRole('button', { name: commonEn.actions.retry }),
        refused.join(', '),
      ).toHaveCount(0);
    });
  }
});

test.describe('the language is kept', () => {
  for (const { id, url } of pages) {
    test(`every link of ${id} keeps ?lang`, async ({ page }) => {
      await page.goto(`${url}lang=de`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.locator('#root [aria-busy="true"]')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      const hrefs = await page.locator('#root a[href]').evaluateAll((links) =>
        links
          .map((link) => new URL((link as HTMLAnchorElement).href))
          .filter((href) => href.origin === location.origin)
          .map((href) => href.pathname + href.search),
      );
      for (const href of hrefs) expect(new URL(href, 'http://x').searchParams.get('lang'), href).toBe('de');
    });
  }

  test('a message opened from the German centre stays German after a reload', async ({ page }) => {
    await page.goto('/message-center?lang=de');
    await page.locator('a[data-message-id="demo-msg-lifted"]').click();
    await expect(page).toHaveURL(/\/message-detail\?id=demo-msg-lifted&lang=de$/);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: messagesDe.detail.title })).toBeVisible();
    await expect(page.getByTestId('message')).toContainText(messagesDe.types.fault.lifted.title);
  });
});

test.describe('messages in the reader’s language', () => {
  test('the welcome message reads in German, not in the English it was once stored in', async ({ page }) => {
    await page.goto('/message-center?lang=de');
    const welcome = page.locator('a[data-message-id="demo-msg-welcome"]');
    await expect(welcome).toContainText(messagesDe.types.welcome.title);
    await expect(welcome).toContainText(messagesDe.types.welcome.body);
    await expect(welcome).not.toContainText(messagesEn.types.welcome.title);
  });

  for (const [id, reason] of [
    ['demo-msg-stuck', 'stuck'],
    ['demo-msg-lifted', 'lifted'],
    ['demo-msg-tilted', 'tilted'],
    ['demo-msg-blade', 'bladeBlocked'],
  ] as const) {
    test(`a ${reason} fault says what to do next, and the way on is back in the app`, async ({ page }) => {
      await page.goto(`/message-detail?id=${id}&lang=en`);
      const message = page.getByTestId('message');
      await expect(message).toContainText(messagesEn.types.fault[reason].body);
      await expect(message).toContainText(messagesEn.types.fault[reason].advice);
      await message.getByRole('button', { name: messagesEn.detail.backToApp }).click();
      await expect(page.getByTestId('bridge-log').locator('li[data-method="closeWebView"][data-code="0"]')).toHaveCount(
        1,
      );
    });
  }

  test('a lost connection says to check the network, not the Bluetooth help', async ({ page }) => {
    await page.goto('/message-detail?id=demo-msg-shared-offline&lang=de');
    const message = page.getByTestId('message');
    await expect(message).toContainText(messagesDe.types.deviceOffline.advice);
    await expect(message.getByRole('link')).toHaveCount(0);
    await expect(message.getByRole('button', { name: messagesDe.detail.backToApp })).toBeVisible();
  });

  test('an unknown message offers the message centre and Close', async ({ page }) => {
    await page.goto('/message-detail?id=no-such-message&lang=en');
    await expect(page.getByRole('heading', { level: 1, name: messagesEn.detail.notFound })).toBeFocused();
    await page.getByRole('link', { name: messagesEn.title }).click();
    await expect(page).toHaveURL(/\/message-center\?lang=en$/);
  });
});
