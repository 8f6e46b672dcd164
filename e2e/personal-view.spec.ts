import { expect, type Page, test } from '@playwright/test';
import apiPolicyEn from '../locales/en/apiPolicy.json' with { type: 'json' };
import messagesDe from '../locales/de/messages.json' with { type: 'json' };
import messagesEn from '../locales/en/messages.json' with { type: 'json' };
import sharingEn from '../locales/en/sharing.json' with { type: 'json' };
import {
  collectHydrationErrors,
  DEMO_OWNER as OWNER,
  expectAccessible,
  holdRequests,
  holdTheApp,
  installNativeApp,
  signIn,
  waitForApp,
} from './fixtures.ts';
import { installFakeNative } from './native-fake.ts';

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

test('the message centre shows the reader’s messages before the app’s code has arrived, and the app takes them over', async ({
  page,
  request,
}) => {
  await installNativeApp(page, await signIn(request, OWNER));
  const asked = messageRequests(page);
  const errors = collectHydrationErrors(page);
  const release = await holdTheApp(page);
  await page.goto('/message-center?lang=en');

  const list = page.getByRole('list', { name: messagesEn.list.label });
  await expect(list.getByRole('link').first()).toBeVisible();
  const shown = await list
    .locator('[data-message-id]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-message-id')));
  expect(shown.length).toBeGreaterThan(0);
  const first = await list.locator('[data-message-id]').first().elementHandle();
  // A fault's time as every row's (issue 27), counted in the reader's time zone, not the server's.
  const fault = list.locator('[data-message-id="demo-msg-stuck"] time');
  await expect(fault).toHaveText(/ ago$|^yesterday$|^now$|, \d{4}$/);
  await expectAccessible(page, '#root');

  release();
  await waitForApp(page);
  // The same elements, now the app's: nothing was rendered again, and the first page was not asked for again.
  expect(await first?.evaluate((item) => item.isConnected)).toBe(true);
  expect(
    await list
      .locator('[data-message-id]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-message-id'))),
  ).toEqual(shown);
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
  await expect(
    page.getByRole('list', { name: messagesEn.list.label }).locator('[data-message-id]').first(),
  ).toBeVisible();
  releaseApp();
  await waitForApp(page);
  await expect(important).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => asked).toContain('/api/messages?category=important&window=recent');
});

test('the history shows its page in the reader’s language before the app’s code has arrived, and the app takes it over', async ({
  page,
  request,
}) => {
  await installNativeApp(page, await signIn(request, OWNER));
  const asked = messageRequests(page);
  const errors = collectHydrationErrors(page);
  const release = await holdTheApp(page);
  await page.goto('/messageHistory?category=all&lang=de');
  await expect(page.getByRole('heading', { level: 1, name: messagesDe.history.title })).toBeVisible();
  await expect(
    page.getByRole('list', { name: messagesDe.history.section }).locator('[data-message-id]').first(),
  ).toBeVisible();

  release();
  await waitForApp(page);
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test('without the view (the server fails it), the app loads the messages itself', async ({ page, request }) => {
  await installNativeApp(page, await signIn(request, OWNER));
  await page.route('**/api/personal-view?*', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'down' } } }),
  );
  const asked = messageRequests(page);
  await page.goto('/message-center?lang=en');
  await waitForApp(page);
  await expect(
    page.getByRole('list', { name: messagesEn.list.label }).locator('[data-message-id]').first(),
  ).toBeVisible();
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

/**
 * The pages whose largest content is one answer of the API's for the reader (docs/decisions/029-…): each is shown
 * with that answer before the app's code has arrived, and the app takes it over without asking for it again. Each
 * journey only reads (the demo invitation is never answered by other journeys, and the message was read in the seed:
 * opening an unread one marks it read, which messages.spec counts on; the others show whatever state the account
 * is in, but not the page's loading state).
 */
const itemPages = [
  {
    name: 'an invitation',
    path: '/shareInvitation?id=demo-pending&lang=en',
    api: '/api/sharing/invitations/demo-pending',
    content: (page: Page) => page.getByText('Sam Lindqvist invites you to share a mower.'),
  },
  {
    name: 'a message',
    path: '/message-detail?id=demo-msg-lifted&lang=en',
    api: '/api/messages/demo-msg-lifted',
    content: (page: Page) => page.locator('article[data-message-id="demo-msg-lifted"]'),
  },
  {
    name: 'Alexa’s link state',
    path: '/smartHome/alexa/info?lang=en',
    api: '/api/voice-links',
    content: (page: Page) =>
      page.locator('[data-testid="alexa-link-state"]:is([data-state="linked"], [data-state="notLinked"])'),
  },
  {
    name: 'Google’s link state',
    path: '/smartHome/googleHome/bindDetail?lang=en',
    api: '/api/voice-links',
    content: (page: Page) => page.getByTestId('google-link-state'),
  },
  {
    name: 'the policy consent',
    path: '/apiPolicy?lang=en',
    api: '/api/policy/consent',
    content: (page: Page) =>
      // Agreed: the date; not (or no longer) agreed: the way to agree.
      page
        .locator('[data-testid="consent-status"][data-status="agreed"] p')
        .or(page.getByRole('button', { name: apiPolicyEn.agree, exact: true })),
  },
];

for (const { name, path, api, content } of itemPages) {
  test(`${name} is shown with the reader’s data before the app’s code has arrived, and the app takes it over`, async ({
    page,
    request,
  }) => {
    await installNativeApp(page, await signIn(request, OWNER));
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === api) asked.push(sent.url());
    });
    const errors = collectHydrationErrors(page);
    const release = await holdTheApp(page);
    await page.goto(path);
    const shown = content(page);
    await expect(shown).toBeVisible();
    const element = await shown.elementHandle();
    await expectAccessible(page, '#root');

    release();
    await waitForApp(page);
    expect(await element?.evaluate((node) => node.isConnected)).toBe(true);
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('an invitation in an app too old to accept is shown as the update it needs, from the first view on', async ({
  page,
  request,
}) => {
  // The phone's app is older than sharing needs.
  await installFakeNative(page, {
    platform: 'android',
    answers: {
      getAppVersion: { code: 0, data: { versionName: '2.0.0', versionCode: 200000000 } },
      getCommonAppData: {
        code: 0,
        data: {
          vehicle_sn: 'NVM-DEMO-0001',
          email: OWNER.email,
          client_ver: '2.0.0',
          access_token: await signIn(request, OWNER),
          platform: 'android',
        },
      },
    },
    otherwise: { code: 0, data: {} },
  });
  const errors = collectHydrationErrors(page);
  const release = await holdTheApp(page);
  await page.goto('/shareInvitation?id=demo-pending&lang=en');
  await expect(page.getByRole('heading', { level: 1, name: sharingEn.outdated.title })).toBeVisible();
  release();
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: sharingEn.outdated.title })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('the winter guide', () => {
  // One journey at a time on the demo owner's mower: the second puts it into winter storage for a moment.
  test.describe.configure({ mode: 'serial' });

  test('shows the current mower’s battery before the app’s code has arrived, and the app takes the line over', async ({
    page,
    request,
  }) => {
    await installNativeApp(page, await signIn(request, OWNER));
    const errors = collectHydrationErrors(page);
    const release = await holdTheApp(page);
    await page.goto('/robotWinterMode/guide?lang=en');
    const line = page.getByTestId('live-battery');
    await expect(line).toHaveText(/^Front lawn: battery at \d+%/);
    expect(await line.getAttribute('data-percent')).toMatch(/^\d+$/);
    const element = await line.elementHandle();

    release();
    await waitForApp(page);
    expect(await element?.evaluate((node) => node.isConnected)).toBe(true);
    await expect(line).toHaveText(/^Front lawn: battery at \d+%/);
    expect(errors).toEqual([]);
  });

  test('says the mower is hibernating from the first view on once it is in winter storage', async ({
    page,
    request,
  }) => {
    const token = await signIn(request, OWNER);
    const headers = { Authorization: `Bearer ${token}` };
    const winterMode = (enabled: boolean) =>
      request.put('/api/mowers/NVM-DEMO-0001/winter-mode', { headers, data: { enabled } });
    expect((await winterMode(true)).status()).toBe(200);
    try {
      await installNativeApp(page, token);
      const errors = collectHydrationErrors(page);
      const release = await holdTheApp(page);
      await page.goto('/robotWinterMode/guide?lang=en');
      const line = page.getByTestId('live-battery');
      await expect(line).toHaveText('Front lawn: hibernating');
      release();
      await waitForApp(page);
      await expect(line).toHaveText('Front lawn: hibernating');
      expect(errors).toEqual([]);
    } finally {
      // Other journeys use the mower awake.
      expect((await winterMode(false)).status()).toBe(200);
    }
  });
});
