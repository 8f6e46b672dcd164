import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharingEn from '../locales/en/sharing.json' with { type: 'json' };
import simulatorEn from '../locales/en/simulator.json' with { type: 'json' };
import { DEMO_FRIEND, DEMO_OWNER, expectAccessible, languageRun, LANGUAGES } from './fixtures.ts';

const OWNER = { ...DEMO_OWNER, name: 'Alex Gardner' };
const FRIEND = { ...DEMO_FRIEND, name: 'Sam Lindqvist' };
/** The owner's own mower: the journeys that change data invite the second account to it, never the demo invitations. */
const MOWER = { serial: 'NVM-DEMO-0001', name: 'Front lawn', model: 'Navimow i105E' };

const bridgeLog = (page: Page) => page.getByTestId('bridge-log');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function signIn(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', {
    data: { account: account.email, password: account.password },
  });
  expect(response.status()).toBe(200);
  return { Authorization: `Bearer ${(await response.json()).access_token}` };
}

/** Puts the owner's mower back as the demo has it: not shared with the second account, no invitation open. */
async function resetSharing(request: APIRequestContext) {
  const [owner, friend] = await Promise.all([signIn(request, OWNER), signIn(request, FRIEND)]);
  expect((await request.delete(`/api/sharing/mowers/${MOWER.serial}/shares/me`, { headers: friend })).status()).toBe(
    204,
  );
  const open = await request.get(`/api/sharing/mowers/${MOWER.serial}/invitations`, { headers: owner });
  for (const invitation of (await open.json()).invitations as { id: string }[]) {
    await request.post(`/api/sharing/invitations/${invitation.id}/cancel`, { headers: owner });
  }
  return { owner, friend };
}

/** A fresh pending invitation from the owner to the second account, as the owner's app would send it. */
async function freshInvitation(request: APIRequestContext): Promise<{ id: string; friend: Record<string, string> }> {
  const { owner, friend } = await resetSharing(request);
  const sent = await request.post('/api/sharing/invitations', {
    headers: owner,
    data: { mower_serial: MOWER.serial, invitee: FRIEND.email },
  });
  expect(sent.status()).toBe(201);
  return { id: (await sent.json()).invitation.id, friend };
}

async function invitationState(request: APIRequestContext, id: string, headers: Record<string, string>) {
  return (await (await request.get(`/api/sharing/invitations/${id}`, { headers })).json()).invitation.state as string;
}

async function friendsMowers(request: APIRequestContext, headers: Record<string, string>) {
  return ((await (await request.get('/api/mowers', { headers })).json()).mowers as { serial_number: string }[]).map(
    (mower) => mower.serial_number,
  );
}

const asFriend = (id: string, extra = '') => `/shareInvitation?id=${id}&lang=en&sim_account=${FRIEND.email}${extra}`;

test.describe('answering an invitation', () => {
  // These journeys share one mower and one pair of accounts, so they run one after the other, each from a
  // fresh invitation; the owner's mower is left unshared at the end.
  test.describe.configure({ mode: 'default' });
  test.afterAll(async ({ request }) => {
    await resetSharing(request);
  });

  test('accepts: the mower joins the invitee’s list and Done closes the web view', async ({ page, request }) => {
    const { id, friend } = await freshInvitation(request);
    await page.goto(asFriend(id));
    await expect(page).toHaveTitle(`${sharingEn.title} - Navimow`);
    await expect(page.getByText(`${OWNER.name} invites you to share a mower.`)).toBeVisible();
    await expect(page.getByTestId('invitation-mower')).toHaveText(MOWER.name);
    await expect(page.getByTestId('invitation-model')).toHaveText(MOWER.model);
    await expect(page.getByRole('region', { name: sharingEn.terms.title })).toContainText(sharingEn.terms.cancel);
    await expect(bridgeLog(page)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: sharingEn.accept }).click();
    await expect(heading(page, sharingEn.accepted.title)).toBeFocused();
    await expect(page.getByText(`${MOWER.name} is now in your mower list.`, { exact: false })).toBeVisible();
    await expectAccessible(page);
    expect(await friendsMowers(request, friend)).toContain(MOWER.serial);
    expect(await invitationState(request, id, friend)).toBe('accepted');

    await page.getByRole('button', { name: sharingEn.accepted.done }).click();
    await expect(bridgeLog(page).locator('li[data-method="closeWebView"][data-code="0"]')).toHaveCount(1);
  });

  test('rejects after confirmation; cancelling the confirmation keeps the invitation pending', async ({
    page,
    request,
  }) => {
    const { id, friend } = await freshInvitation(request);
    await page.goto(asFriend(id));
    await page.getByRole('button', { name: sharingEn.reject }).click();
    const dialog = page.getByRole('dialog', { name: sharingEn.confirmReject.title });
    await expect(dialog).toContainText(`Only ${OWNER.name} can send you a new invitation.`);
    await expect(dialog.getByRole('button', { name: sharingEn.confirmReject.cancel })).toBeFocused();
    await expectAccessible(page, 'dialog');
    await dialog.getByRole('button', { name: sharingEn.confirmReject.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: sharingEn.accept })).toBeEnabled();
    expect(await invitationState(request, id, friend)).toBe('pending');

    await page.getByRole('button', { name: sharingEn.reject }).click();
    await dialog.getByRole('button', { name: sharingEn.confirmReject.confirm }).click();
    await expect(heading(page, sharingEn.rejected.title)).toBeVisible();
    await expectAccessible(page);
    expect(await invitationState(request, id, friend)).toBe('rejected');
    expect(await friendsMowers(request, friend)).not.toContain(MOWER.serial);
  });

  /** The server answers, but the answer is lost on the way back (a flaky mobile network): the first time only. */
  async function loseFirstAnswer(page: Page, action: 'accept' | 'reject') {
    let lost = false;
    await page.route(`**/api/sharing/invitations/*/${action}`, async (route) => {
      if (lost) return route.fallback();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
  }

  test('an Accept whose answer is lost shows the failure; Accept again confirms it, and a reload shows it accepted', async ({
    page,
    request,
  }) => {
    const { id, friend } = await freshInvitation(request);
    await loseFirstAnswer(page, 'accept');
    await page.goto(asFriend(id));
    await page.getByRole('button', { name: sharingEn.accept }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(sharingEn.failure.accept);
    // The server did accept: the retry must not fail because of it, nor share the mower twice.
    expect(await invitationState(request, id, friend)).toBe('accepted');
    await page.getByRole('button', { name: sharingEn.accept }).click();
    await expect(heading(page, sharingEn.accepted.title)).toBeFocused();
    await page.reload();
    await expect(heading(page, sharingEn.accepted.title)).toBeVisible();
    expect((await friendsMowers(request, friend)).filter((serial) => serial === MOWER.serial)).toHaveLength(1);
  });

  test('a Reject whose answer is lost shows the failure; Reject again confirms it, and a reload shows it rejected', async ({
    page,
    request,
  }) => {
    const { id, friend } = await freshInvitation(request);
    await loseFirstAnswer(page, 'reject');
    await page.goto(asFriend(id));
    const dialog = page.getByRole('dialog', { name: sharingEn.confirmReject.title });
    await page.getByRole('button', { name: sharingEn.reject }).click();
    await dialog.getByRole('button', { name: sharingEn.confirmReject.confirm }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(sharingEn.failure.reject);
    expect(await invitationState(request, id, friend)).toBe('rejected');
    await page.getByRole('button', { name: sharingEn.reject }).click();
    await dialog.getByRole('button', { name: sharingEn.confirmReject.confirm }).click();
    await expect(heading(page, sharingEn.rejected.title)).toBeVisible();
    await page.reload();
    await expect(heading(page, sharingEn.rejected.title)).toBeVisible();
    expect(await friendsMowers(request, friend)).not.toContain(MOWER.serial);
  });

  test('a double tap on Accept sends one request and shares the mower once', async ({ page, request }) => {
    const { id, friend } = await freshInvitation(request);
    const accepts: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith(`/api/sharing/invitations/${id}/accept`))
        accepts.push(sent.url());
    });
    await page.goto(asFriend(id));
    await page.getByRole('button', { name: sharingEn.accept }).dblclick();
    await expect(heading(page, sharingEn.accepted.title)).toBeVisible();
    expect(accepts).toHaveLength(1);
    expect((await friendsMowers(request, friend)).filter((serial) => serial === MOWER.serial)).toHaveLength(1);
  });

  test('an app older than the required version is asked to update and cannot accept', async ({ page, request }) => {
    const { id, friend } = await freshInvitation(request);
    await page.goto(asFriend(id, '&sim_app_version=300000100'));
    await expect(heading(page, sharingEn.outdated.title)).toBeVisible();
    await expect(
      page.getByText('App version is outdated. Please upgrade it to the latest version and try again.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: sharingEn.accept })).toHaveCount(0);
    await expect(bridgeLog(page).locator('li[data-method="getAppVersion"][data-code="0"]').first()).toBeAttached();
    await expectAccessible(page);
    expect(await invitationState(request, id, friend)).toBe('pending');

    // The way forward: the app's page in this phone's store, through the app; Close stays beside it.
    await expect(page.getByRole('button', { name: sharingEn.outdated.update })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close' })).toBeVisible();
    await page.getByRole('button', { name: sharingEn.outdated.update }).click();
    const opened = bridgeLog(page).locator('li[data-method="openExternalURI"]');
    await expect(opened).toHaveAttribute('data-code', '0');
    await expect(opened).toContainText('https://play.google.com/store/');
  });

  test('an old app on an iPhone is sent to the App Store', async ({ page, request }) => {
    const { id } = await freshInvitation(request);
    await page.goto(asFriend(id, '&sim_app_version=300000100&sim_platform=ios'));
    await page.getByRole('button', { name: sharingEn.outdated.update }).click();
    const opened = bridgeLog(page).locator('li[data-method="openExternalURI"]');
    await expect(opened).toHaveAttribute('data-code', '0');
    await expect(opened).toContainText('https://apps.apple.com/');
  });

  test('the simulator creates a fresh invitation in one click and links to it', async ({ page }) => {
    await page.goto(`/healthPing?lang=en&sim_account=${FRIEND.email}`);
    const control = page.getByTestId('simulator-invitation');
    await control.getByRole('button', { name: simulatorEn.invitation.create }).click();
    await expect(control.getByRole('status')).toContainText(
      `${OWNER.name} invites this account to share ${MOWER.name}.`,
    );
    await expect(
      bridgeLog(page).locator('li[data-method="POST /api/sharing/invitations"][data-code="201"]'),
    ).toHaveCount(1);
    await expectAccessible(page, '#native-simulator');

    await control.getByRole('link', { name: simulatorEn.invitation.open }).click();
    await expect(page).toHaveURL(/\/shareInvitation\?id=[\w-]+&lang=en$/);
    await expect(page.getByText(`${OWNER.name} invites you to share a mower.`)).toBeVisible();
    await expect(page.getByRole('button', { name: sharingEn.accept })).toBeEnabled();
  });
});

test.describe('invitations that cannot be answered', () => {
  test('an expired invitation says so', async ({ page }) => {
    await page.goto('/shareInvitation?id=demo-expired&lang=en');
    await expect(heading(page, sharingEn.expired.title)).toBeVisible();
    await expect(page.getByText(`Ask ${FRIEND.name} to send you a new one.`, { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: sharingEn.accept })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('an invitation answered before shows its outcome', async ({ page }) => {
    await page.goto('/shareInvitation?id=demo-accepted&lang=en');
    await expect(heading(page, sharingEn.accepted.title)).toBeVisible();
    await expect(page.getByRole('button', { name: sharingEn.accept })).toHaveCount(0);
  });

  test('someone else’s invitation gets a clear screen', async ({ page }) => {
    // The second account sent `demo-pending` to the owner: it cannot answer it.
    await page.goto(`/shareInvitation?id=demo-pending&lang=en&sim_account=${FRIEND.email}`);
    await expect(heading(page, sharingEn.notForYou.title)).toBeVisible();
    await expect(page.getByText(sharingEn.notForYou.text)).toBeVisible();
    await expect(page.getByRole('button', { name: sharingEn.accept })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('an unknown id, a malformed one and a link without one get a clear screen', async ({ page }) => {
    for (const query of ['?id=00000000-0000-4000-8000-000000000000&lang=en', '?id=not%20an%20id&lang=en', '?lang=en']) {
      await page.goto(`/shareInvitation${query}`);
      await expect(heading(page, sharingEn.notFound.title), query).toBeVisible();
    }
    await expectAccessible(page);
  });

  test('a network failure offers a retry', async ({ page }) => {
    let failed = false;
    await page.route('**/api/sharing/invitations/demo-expired', async (route) => {
      if (failed) return route.fallback();
      failed = true;
      await route.abort('connectionreset');
    });
    await page.goto('/shareInvitation?id=demo-expired&lang=en');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(sharingEn.failure.load);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(heading(page, sharingEn.expired.title)).toBeVisible();
  });
});

test.describe('the invitation screen in every language', () => {
  for (const language of LANGUAGES) {
    test(`speaks ${language}`, languageRun(language), async ({ page }) => {
      await page.goto(`/shareInvitation?id=demo-expired&lang=${language}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toBeFocused();
      const text = await page.getByRole('main').innerText();
      expect(text).toContain(FRIEND.name);
      if (language !== 'en') {
        await expect(title).not.toHaveText(sharingEn.expired.title);
        await expect(page).not.toHaveTitle(`${sharingEn.title} - Navimow`);
      }
      await expect(page).toHaveTitle(/ - Navimow$/);
      expect(text).not.toMatch(/\b(sharing|common):|\b(expired|notFound|failure)\.\w+/);
    });
  }
});
