import { expect, type Page, test } from '@playwright/test';
import messagesDe from '../locales/de/messages.json' with { type: 'json' };
import messagesEn from '../locales/en/messages.json' with { type: 'json' };
import { collectHydrationErrors, DEMO_OWNER as OWNER, expectAccessible, holdRequests, holdTheApp, installNativeApp, signIn, waitForApp } from './fixtures.ts';

/**
 * The personal first view (docs/decisions/021-personal-first-view.md), in a phone's web view: a native app that
 * answers the bridge (not the simulator, which arrives with the app's code), signed in as the demo owner. The
 * journeys only read: the message journeys of messages.spec.ts change read state.
 */

// Far from the server's UTC: days and times in the view must be the reader's, or the page would not match it.
test.use({ timezoneId: 'Pacific/Auckland' });

/** The message pages the page itself asked the API for. */
function messageRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/messages') urls.push(`${url.pathname}${url.search}`);
  });
  return urls;
}

test('the message centre shows the reader’s messages before the app’s code has arrived, and the app takes them over', async ({ page, request }) => {
  await installNativeApp(page, await signIn(request, OWNER));
  const asked = messageRequests(page);
  const errors = collectHydrationErrors(page);
  const release = await holdTheApp(page);
  await page.goto('/message-center?lang=en');

  const list = page.getByRole('list', { name: messagesEn.list.label });
  await expect(list.getByRole('link').first()).toBeVisible();
  const shown = await list.locator('[data-message-id]').evaluateAll((items) => items.map((item) => item.getAttribute('data-message-id')));
  expect(shown.length).toBeGreaterThan(0);
  const first = await list.locator('[data-message-id]').first().elementHandle();
  // A fault shows its exact time: the reader's, not the server's.
  const fault = list.locator('[data-message-id="demo-msg-stuck"] time');
  const faultTime = await fault.getAttribute('datetime');
  await expect(fault).toHaveText(
    new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Pacific/Auckland' }).format(new Date(faultTime!)),
  );
  await expectAccessible(page, '#root');

  release();
  await waitForApp(page);
  // The same elements, now the app's: nothing was rendered again, and the first page was not asked for again.
  expect(await first?.evaluate((item) => item.isConnected)).toBe(true);
  expect(await list.locator('[data-message-id]').evaluateAll((items) => items.map((item) => item.getAttribute('data-message-id')))).toEqual(shown);
  expect(asked).not.toContain('/api/messages?category=all&window=recent');
  expect(errors).toEqual([]);

  // From here on the screen loads as always: another tab asks the API.
  await page.getByRole('tab', { name: new RegExp(`^${messagesEn.tabs.important}`) }).click();
  await expect.poll(() => asked).toContain('/api/messages?category=important&window=recent');
  await expect(page.getByRole('tabpanel').locator('[data-message-id]').first()).toBeVisible();
});

test('a tab tapped before the view came is the tab the app shows', async ({ page, request }) => {
  await installNativeApp(page, await signIn(request, OWNER));
  const releaseView = await holdRequests(page, '**/api/personal-view?*');
  const asked = messageRequests(page);
  const releaseApp = await holdTheApp(page);
  await page.goto('/message-center?lang=en');
  const important = page.getByRole('tab', { name: new RegExp(`^${messagesEn.tabs.important}`) });
  await important.click();

  releaseView();
  await expect(page.getByRole('list', { name: messagesEn.list.label }).locator('[data-message-id]').first()).toBeVisible();
  releaseApp();
  await waitForApp(page);
  await expect(important).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => asked).toContain('/api/messages?category=important&window=recent');
});

test('the history shows its page in the reader’s language before the app’s code has arrived, and the app takes it over', async ({ page, request }) => {
  await installNativeApp(page, await signIn(request, OWNER));
  const asked = messageRequests(page);
  const errors = collectHydrationErrors(page);
  const release = await holdTheApp(page);
  await page.goto('/messageHistory?category=all&lang=de');
  await expect(page.getByRole('heading', { level: 1, name: messagesDe.history.title })).toBeVisible();
  await expect(page.getByRole('list', { name: messagesDe.history.section }).locator('[data-message-id]').first()).toBeVisible();

  release();
  await waitForApp(page);
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test('without the view (the server fails it), the app loads the messages itself', async ({ page, request }) => {
  await installNativeApp(page, await signIn(request, OWNER));
  await page.route('**/api/personal-view?*', (route) => route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'down' } } }));
  const asked = messageRequests(page);
  await page.goto('/message-center?lang=en');
  await waitForApp(page);
  await expect(page.getByRole('list', { name: messagesEn.list.label }).locator('[data-message-id]').first()).toBeVisible();
  expect(asked).toContain('/api/messages?category=all&window=recent');
});

test('with a token the server refuses, the page is the one every reader gets before the app', async ({ page }) => {
  await installNativeApp(page, 'not-a-token');
  const views: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/personal-view') views.push(response.status());
  });
  await page.goto('/message-center?lang=en');
  await waitForApp(page);
  expect(views).toEqual([401]);
  await expect(page.locator('[data-message-id]')).toHaveCount(0);
});
