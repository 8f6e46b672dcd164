import { expect, type Page, type Route, test } from '@playwright/test';
import en from '../locales/en/messages.json' with { type: 'json' };
import pl from '../locales/pl/messages.json' with { type: 'json' };
import { expectAccessible } from './fixtures.ts';

/**
 * The message centre through the simulated app, signed in as the demo owner (`server/db/seed.ts`, DEMO_MESSAGES).
 * The journeys share the server's database and some of them read messages, so they run in order: the ones that
 * only look first, then the ones that change read state.
 */
test.describe.configure({ mode: 'serial' });

/** The owner's messages of the last 30 days, newest first, as seeded. */
const RECENT = [
  'demo-msg-finished',
  'demo-msg-started',
  'demo-msg-shared-started',
  'demo-msg-stuck',
  'demo-msg-online',
  'demo-msg-offline',
  'demo-msg-rain',
  'demo-msg-blade',
  'demo-msg-welcome',
  'demo-msg-shared-offline',
  'demo-msg-firmware',
  'demo-msg-lifted',
  'demo-msg-finished-20',
];

function trackPageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The message list's API requests, as "window cursor" (the cursor or "-"), to see what the page asked for. */
function trackListRequests(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/messages')
      requests.push(`${url.searchParams.get('window')} ${url.searchParams.get('cursor') ?? '-'}`);
  });
  return requests;
}

const isList = (window: 'recent' | 'history') => (url: URL) =>
  url.pathname === '/api/messages' && url.searchParams.get('window') === window;
const emptyPage = (route: Route) => route.fulfill({ json: { messages: [], next_cursor: null } });

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const messageList = (page: Page) => page.getByRole('list', { name: en.list.label });
const item = (page: Page, id: string) => page.locator(`a[data-message-id="${id}"]`);
const listedIds = (page: Page) =>
  messageList(page)
    .locator('a[data-message-id]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('data-message-id')));
const bridgeLog = (page: Page) => page.getByTestId('bridge-log');

async function openCentre(page: Page, query = 'lang=en') {
  await page.goto(`/message-center?${query}`);
  await expect(messageList(page)).toBeVisible();
}

test.describe('message centre', () => {
  test('shows the tabs with unread counts and the messages newest first, a fault with its code and time', async ({
    page,
  }) => {
    const errors = trackPageErrors(page);
    await openCentre(page);
    await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
    await expect(page).toHaveTitle(`${en.title} - Navimow`);
    await expect(tab(page, 'All 10 unread')).toHaveAttribute('aria-selected', 'true');
    for (const name of [
      'Important 2 unread',
      'Work status 4 unread',
      'Notification 1 unread',
      'System 1 unread',
      'Device 2 unread',
    ]) {
      await expect(tab(page, name)).toBeVisible();
    }
    await expect.poll(() => listedIds(page)).toEqual(RECENT);
    await expect(item(page, 'demo-msg-finished')).toHaveAttribute('data-read', 'false');
    await expect(item(page, 'demo-msg-finished')).toContainText('Mowed 420 m² in 95 minutes.');
    await expect(item(page, 'demo-msg-lifted')).toHaveAttribute('data-read', 'true');
    await expect(item(page, 'demo-msg-stuck')).toContainText('Fault code E-203');
    // One rule for every row's time, faults included (issue 27): how long ago, the date after a week.
    await expect(item(page, 'demo-msg-stuck').locator('time')).toHaveText(/ ago$|^yesterday$|^now$|, \d{4}$/);
    await expect(item(page, 'demo-msg-welcome')).toContainText('Welcome to the message centre');

    await tab(page, 'Important 2 unread').click();
    await expect.poll(() => listedIds(page)).toEqual(['demo-msg-stuck', 'demo-msg-blade', 'demo-msg-lifted']);
    const history = page.getByRole('region', { name: en.history.section });
    await expect(history.locator('a[data-message-id]')).toHaveText([/The mower is tilted/]);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test('speaks the reader’s language, with its numbers and plural forms', async ({ page }) => {
    await page.goto('/message-center?lang=pl');
    await expect(page.getByRole('list', { name: pl.list.label })).toBeVisible();
    await expect(page).toHaveTitle(`${pl.title} - Navimow`);
    await expect(tab(page, 'Wszystkie 10 nieprzeczytanych')).toBeVisible();
    await expect(tab(page, 'Ważne 2 nieprzeczytane')).toBeVisible();
    await expect(tab(page, 'Powiadomienia 1 nieprzeczytana')).toBeVisible();
    await expect(item(page, 'demo-msg-finished')).toContainText('Kosiarka skosiła 420 m² w 95 minut.');
    await expect(item(page, 'demo-msg-finished')).toContainText('2 godziny temu');
    await expectAccessible(page);
  });

  test('loads more as the reader scrolls, page by page with cursors, without gaps or duplicates', async ({ page }) => {
    // Pages of three instead of twenty, so that the thirteen seeded messages take five pages.
    await page.route(isList('recent'), (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('limit', '3');
      return route.continue({ url: url.href });
    });
    const requests = trackListRequests(page);
    await page.goto('/message-center?lang=en');
    await expect(messageList(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show more' })).toBeVisible();
    expect((await listedIds(page)).length).toBeLessThan(RECENT.length);

    const history = page.getByRole('region', { name: en.history.section });
    while (!(await history.isVisible())) {
      await page.evaluate(() => window.scrollBy(0, 600));
      await page.waitForTimeout(100);
    }
    await expect.poll(() => listedIds(page)).toEqual(RECENT);
    const recentPages = requests.filter((request) => request.startsWith('recent'));
    expect(recentPages).toHaveLength(5);
    expect(recentPages[0]).toBe('recent -');
    expect(new Set(recentPages).size).toBe(5);
    await expect(history.locator('a[data-message-id]')).toHaveCount(3);
  });

  test('shows "No messages yet" when there are none at all', async ({ page }) => {
    await page.route(isList('recent'), emptyPage);
    await page.route(isList('history'), emptyPage);
    await page.route('**/api/messages/unread-counts', (route) =>
      route.fulfill({ json: { unread: { all: 0, important: 0, workLog: 0, notification: 0, system: 0, device: 0 } } }),
    );
    await page.goto('/message-center?lang=en');
    await expect(page.getByText(en.empty.none)).toBeVisible();
    await expect(page.getByText(en.empty.noneText)).toBeVisible();
    await expect(tab(page, 'All')).toBeVisible();
    await expect(page.getByRole('button', { name: en.actions.markAllRead })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('shows "No new messages in the last 30 days" above the history, and the whole history behind "Show more"', async ({
    page,
  }) => {
    await page.route(isList('recent'), emptyPage);
    await page.goto('/message-center?lang=en');
    await expect(page.getByText(en.empty.recent)).toBeVisible();
    const history = page.getByRole('region', { name: en.history.section });
    await expect(history.locator('a[data-message-id]')).toHaveCount(3);
    await expectAccessible(page);

    await history.getByRole('link', { name: en.history.showMore }).click();
    await expect(page).toHaveURL(/\/messageHistory\?lang=en$/);
    await expect(page.getByRole('heading', { level: 1, name: en.history.title })).toBeVisible();
    await expect(page).toHaveTitle(`${en.history.title} - Navimow`);
    const list = page.getByRole('list', { name: en.history.section });
    await expect(list.locator('a[data-message-id]')).toHaveCount(4);
    // Dated relative to when it came (due a week after), in the reader's language and calendar.
    const maintenance = list.locator('a[data-message-id="demo-msg-maintenance"]');
    const due = await maintenance
      .locator('time')
      .evaluate((time) =>
        new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(
          Date.parse(time.getAttribute('datetime')!) + 7 * 86_400_000,
        ),
      );
    await expect(maintenance).toContainText(`Your mower is due for maintenance on ${due}.`);
    await expect(page.getByText(en.list.end)).toBeVisible();
    await expectAccessible(page);
  });

  test('says "Failed to load new messages" and loads them on Retry', async ({ page }) => {
    let failures = 0;
    await page.route(isList('recent'), (route) => {
      if (failures++ > 0) return route.fallback();
      return route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Try again later.' } } });
    });
    await page.goto('/message-center?lang=en');
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(en.list.failed);
    await expectAccessible(page);
    await main.getByRole('button', { name: 'Retry' }).click();
    await expect(messageList(page)).toBeVisible();
    await expect(main.getByRole('alert')).toHaveCount(0);
  });

  test('offline: says so, and loads again by itself when the connection is back', async ({ page, context }) => {
    await openCentre(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: en.actions.refresh }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No Internet connection' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(en.list.failed);
    await context.setOffline(false);
    await expect(messageList(page)).toBeVisible();
    await expect.poll(() => listedIds(page)).toEqual(RECENT);
  });

  test('shows a message in full, and opening it marks it read', async ({ page }) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/messages/'))
        reads.push(new URL(request.url()).pathname);
    });
    await page.goto('/message-detail?lang=en&id=demo-msg-stuck&sim_mower=NVM-DEMO-0001');
    await expect(page).toHaveTitle(`${en.detail.title} - Navimow`);
    const article = page.getByRole('article', { name: en.types.fault.stuck.title });
    await expect(article).toContainText(en.types.fault.stuck.body);
    await expect(article).toContainText('E-203');
    await expect(article).toContainText('Front lawn');
    await expect.poll(() => reads).toEqual(['/api/messages/demo-msg-stuck/read']);
    await expect(page.getByTestId('switch-mower')).toHaveCount(0);
    await expectAccessible(page);

    await page.goto('/message-center?lang=en');
    await expect(item(page, 'demo-msg-stuck')).toHaveAttribute('data-read', 'true');
    await expect(tab(page, 'Important 1 unread')).toBeVisible();
    await expect(tab(page, 'All 9 unread')).toBeVisible();

    await page.goto('/message-detail?lang=en&id=no-such-message');
    await expect(page.getByText(en.detail.notFound)).toBeVisible();
  });

  test('keeps the tab, the list and the scroll position after a detail and the browser’s Back', async ({ page }) => {
    await openCentre(page);
    await tab(page, 'Work status 4 unread').click();
    await expect
      .poll(() => listedIds(page))
      .toEqual([
        'demo-msg-finished',
        'demo-msg-started',
        'demo-msg-shared-started',
        'demo-msg-rain',
        'demo-msg-finished-20',
      ]);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    const requests = trackListRequests(page);

    await item(page, 'demo-msg-rain').click();
    await expect(page.getByRole('article', { name: en.types.returnedToStation.title })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/message-center\?lang=en$/);
    await expect(tab(page, 'Work status 3 unread')).toHaveAttribute('aria-selected', 'true');
    await expect(item(page, 'demo-msg-rain')).toHaveAttribute('data-read', 'true');
    await expect(tab(page, 'All 8 unread')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    // The list was kept, not loaded again.
    expect(requests).toEqual([]);
  });

  test('marks all read after a confirmation, and says so', async ({ page }) => {
    await openCentre(page);
    await tab(page, 'Device 2 unread').click();
    await expect
      .poll(() => listedIds(page))
      .toEqual(['demo-msg-online', 'demo-msg-offline', 'demo-msg-shared-offline']);

    await page.getByRole('button', { name: en.actions.markAllRead }).click();
    const dialog = page.getByRole('dialog', { name: en.markAll.title });
    await expect(dialog).toContainText(en.markAll.textCategory);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: en.markAll.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(item(page, 'demo-msg-online')).toHaveAttribute('data-read', 'false');

    const sent = page.waitForRequest((request) => request.url().endsWith('/api/messages/mark-all-read'));
    await page.getByRole('button', { name: en.actions.markAllRead }).click();
    await dialog.getByRole('button', { name: en.markAll.confirm }).click();
    const body = (await sent).postDataJSON() as { category: string; up_to: string };
    expect(body.category).toBe('device');
    await expect(page.getByRole('status').filter({ hasText: en.markAll.done })).toBeVisible();
    for (const id of ['demo-msg-online', 'demo-msg-offline'])
      await expect(item(page, id)).toHaveAttribute('data-read', 'true');
    await expect(tab(page, 'Device')).toBeVisible();
    await expect(tab(page, 'All 6 unread')).toBeVisible();
    await expect(page.getByText(en.list.noUnread)).toBeVisible();

    await page.reload();
    await expect(tab(page, 'All 6 unread')).toBeVisible();
    await expect(tab(page, 'Device')).toBeVisible();
  });

  test('prompts a switch to the message’s mower, and the app restarts with it', async ({ page }) => {
    await page.goto('/message-detail?lang=en&id=demo-msg-blade&sim_mower=NVM-DEMO-0001');
    const prompt = page.getByRole('region', { name: en.switchMower.title });
    await expect(prompt).toContainText('This message is about another mower: Back garden.');
    await expect(prompt).toContainText(en.switchMower.warning);
    await expectAccessible(page);

    await prompt.getByRole('button', { name: en.switchMower.button }).click();
    await expect(page).toHaveURL(/sim_mower=NVM-DEMO-0002/);
    await expect(page.getByRole('article', { name: en.types.fault.bladeBlocked.title })).toBeVisible();
    await expect(bridgeLog(page).locator('li[data-method="getCommonAppData"][data-code="0"]').first()).toBeAttached();
    await expect(prompt).toHaveCount(0);
    await expect(bridgeLog(page).locator('li[data-method="changeMowerOpenScheme"][data-code="0"]')).toContainText(
      'restarting with NVM-DEMO-0002',
    );
  });
});
