import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_OWNER, holdTheApp, installNativeApp, signIn, waitForApp } from './fixtures.ts';

/**
 * Hostile text where the product shows other people's words (issue 14, item 6): an inviter's name, a mower's name
 * and model, and the page's own query parameters. They must render as text: no script runs, no dialog opens, and
 * nothing breaks the Content-Security-Policy the server sends. The hostile inviter is a fresh account written into
 * the e2e server's database, so that no other journey sees it.
 */
const HOSTILE = {
  name: `<img src=x onerror="window.__xss='name'">Eve"><script>window.__xss='script'</script>`,
  mowerName: `<svg onload="window.__xss='mower'"></svg>Lawn`,
  model: `"><iframe src="javascript:window.__xss='model'"></iframe>X9`,
};

/** Records script side effects, dialogs and CSP violations, from before the page's own scripts run. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return {
    dialogs,
    async expectNothingRan() {
      const state = await page.evaluate(() => ({
        xss: (window as unknown as { __xss?: string }).__xss,
        violations: (window as unknown as { __violations: string[] }).__violations,
      }));
      expect(state.xss).toBeUndefined();
      expect(state.violations).toEqual([]);
      expect(dialogs).toEqual([]);
    },
  };
}

/** Elements a hostile string would have made, had it been rendered as markup. */
const INJECTED = '#root img, #root script, #root iframe, #root svg[onload]';

/**
 * A fresh account (the demo owner's password) owning one mower, written into the e2e server's database, and
 * whatever `more` writes with them; `more` gets the demo owner's id.
 */
function addAccountWithMower(
  account: { id: string; email: string; displayName: string },
  mower: { serial: string; name: string; model: string },
  more: (db: SQLite.Database, ownerId: string, now: string) => void,
) {
  const db = new SQLite('.e2e-data/e2e.sqlite');
  try {
    db.pragma('busy_timeout = 5000');
    const owner = db.prepare('SELECT id, password_hash FROM accounts WHERE email = ?').get(DEMO_OWNER.email) as {
      id: string;
      password_hash: string;
    };
    const now = new Date().toISOString();
    db.prepare(
      'INSERT INTO accounts (id, email, phone, password_hash, display_name, created_at) VALUES (?, ?, NULL, ?, ?, ?)',
    ).run(account.id, account.email, owner.password_hash, account.displayName, now);
    db.prepare(
      'INSERT INTO mowers (serial_number, owner_id, name, model, battery_percent, created_at) VALUES (?, ?, ?, ?, 80, ?)',
    ).run(mower.serial, account.id, mower.name, mower.model, now);
    more(db, owner.id, now);
  } finally {
    db.close();
  }
}

test('a hostile inviter name, mower name and model show as text on the invitation', async ({ page }) => {
  const suffix = randomBytes(4).toString('hex');
  const accountId = `account-hostile-${suffix}`;
  const serial = `NVM-XSS-${suffix}`;
  const invitationId = `hostile-${suffix}`;
  addAccountWithMower(
    { id: accountId, email: `hostile-${suffix}@navimow.example`, displayName: HOSTILE.name },
    { serial, name: HOSTILE.mowerName, model: HOSTILE.model },
    (db, ownerId, now) => {
      db.prepare(
        "INSERT INTO invitations (id, mower_serial, inviter_id, invitee_id, status, expires_at, created_at, responded_at) VALUES (?, ?, ?, ?, 'pending', ?, ?, NULL)",
      ).run(invitationId, serial, accountId, ownerId, new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(), now);
    },
  );

  const watcher = await watch(page);
  await page.goto(`/shareInvitation?id=${invitationId}&lang=en`);
  await expect(page.getByText(HOSTILE.name, { exact: false }).first()).toBeVisible();
  await expect(page.getByText(/X9/).first()).toBeVisible();
  expect(await page.locator(INJECTED).count()).toBe(0);
  await watcher.expectNothingRan();
});

test('hostile query parameters show no markup and run nothing, on every kind of page', async ({ page }) => {
  const payload = encodeURIComponent(`"><script>window.__xss='query'</script><img src=x onerror="window.__xss='img'">`);
  const watcher = await watch(page);
  for (const path of [
    `/shareInvitation?id=${payload}&lang=en`,
    `/message-detail?id=${payload}&lang=en`,
    `/smartHome/alexa/appBind?code=${payload}&state=${payload}&lang=en`,
    `/smartHome/googleHome/appBind?client_id=${payload}&redirect_uri=${payload}&state=${payload}&lang=en`,
    `/robotWinterMode/guide?lang=${payload}`,
    `/no/such/${payload}?lang=en`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.locator('#root script, #root img[src="x"]').count(), path).toBe(0);
    await watcher.expectNothingRan();
  }
});

test('a hostile message and mower name show as text in the message centre the server renders for its reader', async ({
  page,
  request,
}) => {
  // A reader of their own (the owner's password), with one message about their hostile mower, in the e2e database.
  const suffix = randomBytes(4).toString('hex');
  const email = `hostile-reader-${suffix}@navimow.example`;
  const accountId = `account-hostile-reader-${suffix}`;
  const serial = `NVM-XSSR-${suffix}`;
  const messageId = `hostile-message-${suffix}`;
  addAccountWithMower(
    { id: accountId, email, displayName: 'Reader' },
    { serial, name: HOSTILE.mowerName, model: 'i105E' },
    (db, _ownerId, now) => {
      db.prepare(
        "INSERT INTO messages (id, mower_serial, category, type, params, severity, fault_code, created_at) VALUES (?, ?, 'notification', 'generic', ?, 'info', NULL, ?)",
      ).run(messageId, serial, JSON.stringify({ title: HOSTILE.name, body: HOSTILE.model }), now);
      db.prepare(
        "INSERT INTO message_inbox (account_id, message_id, category, created_at, read_at) VALUES (?, ?, 'notification', ?, NULL)",
      ).run(accountId, messageId, now);
    },
  );

  await installNativeApp(page, await signIn(request, { email, password: DEMO_OWNER.password }));
  const watcher = await watch(page);
  const release = await holdTheApp(page);
  await page.goto('/message-center?lang=en');
  // The server's rendering, put in the page by the entry before the app's code has arrived.
  await expect(page.getByText(HOSTILE.name).first()).toBeVisible();
  await expect(page.getByText(HOSTILE.model).first()).toBeVisible();
  expect(await page.locator(INJECTED).count()).toBe(0);
  await watcher.expectNothingRan();

  release();
  await waitForApp(page);
  await expect(page.getByText(HOSTILE.name).first()).toBeVisible();
  expect(await page.locator(INJECTED).count()).toBe(0);
  await watcher.expectNothingRan();
});
