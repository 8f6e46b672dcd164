import { expect, type Page, test } from '@playwright/test';
import messagesEn from '../locales/en/messages.json' with { type: 'json' };
import simulatorEn from '../locales/en/simulator.json' with { type: 'json' };
import { expectAccessible } from './fixtures.ts';

/**
 * The pages follow the mower live, pushed by the server (Server-Sent Events), without reloading: the simulator's
 * panel plays the mower (a fault, the connection) and the page shows it. The second demo account's own "Orchard",
 * which no other journey uses, so that parallel journeys keep their demo mowers as the seed made them.
 */
const AS_ORCHARD = 'lang=en&sim_account=friend@navimow.example&sim_mower=NVM-DEMO-0003';

const mowerControls = (page: Page) => page.getByTestId('simulator-mower');

/** Marks the document, so that a reload (which would lose the mark) cannot pass for a live update. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
  return async () => expect(await page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(1);
}

test('the health page follows a fault and the connection the simulator reports, without reloading', async ({
  page,
}) => {
  await page.goto(`/healthPing?${AS_ORCHARD}`);
  const check = page.getByTestId('check-mower');
  const state = page.getByTestId('live-mower-state');
  await expect(check).toHaveAttribute('data-status', 'ok');
  await expect(state).toHaveAttribute('data-state', 'docked');
  await expect(state).toContainText('Orchard: on the charging station, battery at');
  const notReloaded = await markDocument(page);

  await mowerControls(page)
    .getByLabel(simulatorEn.mowerControls.reason)
    .selectOption({ label: simulatorEn.mowerControls.reasons.lifted });
  await mowerControls(page).getByRole('button', { name: simulatorEn.mowerControls.fault }).click();
  await expect(state).toHaveAttribute('data-state', 'error');
  await expect(state).toContainText('Orchard: fault, battery at');
  await expect(mowerControls(page).getByRole('status')).toContainText(simulatorEn.mowerControls.reasons.lifted);
  await expect(
    page
      .getByTestId('bridge-log')
      .locator('li[data-method="POST /api/simulator/mowers/NVM-DEMO-0003/report"][data-code="200"]'),
  ).toHaveCount(1);

  await mowerControls(page).getByRole('button', { name: simulatorEn.mowerControls.offline }).click();
  await expect(state).toHaveAttribute('data-state', 'offline');
  await mowerControls(page).getByRole('button', { name: simulatorEn.mowerControls.online }).click();
  await mowerControls(page).getByRole('button', { name: simulatorEn.mowerControls.clear }).click();
  await expect(state).toHaveAttribute('data-state', 'docked');
  await expect(mowerControls(page).getByRole('status')).toContainText('State: on the charging station');
  await notReloaded();
  await expectAccessible(page);
});

test("the winter guide shows the mower's live battery", async ({ page }) => {
  await page.goto(`/robotWinterMode/guide?${AS_ORCHARD}`);
  const battery = page.getByTestId('live-battery');
  await expect(battery).toContainText(/^Orchard: battery at \d+%/);
  await expect(battery).toHaveAttribute('data-percent', /^\d+$/);
  await expectAccessible(page, 'main');
});

test('the message centre shows a fault that arrives while it is open, unread, and counts it on the tabs at once', async ({
  page,
}) => {
  await page.goto(`/message-center?${AS_ORCHARD}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('tab', { name: /^All/ })).toBeVisible();
  const markAll = main.getByRole('button', { name: messagesEn.actions.markAllRead });
  await expect(main.getByRole('button', { name: messagesEn.actions.refresh })).toBeVisible();
  if (await markAll.isVisible()) {
    await markAll.click();
    await page.getByRole('dialog').getByRole('button', { name: messagesEn.markAll.confirm }).click();
  }
  await expect(main.getByRole('tab', { name: 'All', exact: true })).toBeVisible();
  const notReloaded = await markDocument(page);

  await mowerControls(page)
    .getByLabel(simulatorEn.mowerControls.reason)
    .selectOption({ label: simulatorEn.mowerControls.reasons.stuck });
  // The reader at the top of the list, where the list follows too: a click would scroll to the panel below it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await mowerControls(page).getByRole('button', { name: simulatorEn.mowerControls.fault }).dispatchEvent('click');
  // Well within the minute of the counts' own rhythm: the fault's live status says a message has come.
  await expect(main.getByRole('tab', { name: 'All 1 unread', exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(main.getByRole('tab', { name: 'Important 1 unread', exact: true })).toBeVisible();
  const newest = main.getByRole('list', { name: messagesEn.list.label }).locator('a[data-message-id]').first();
  await expect(newest).toContainText(messagesEn.types.fault.stuck.title);
  await expect(newest).toHaveAttribute('data-read', 'false');
  await expect(main.getByText(messagesEn.list.noUnread)).toHaveCount(0);
  await notReloaded();

  await mowerControls(page).getByRole('button', { name: simulatorEn.mowerControls.clear }).click();
  await expect(mowerControls(page).getByRole('status')).toContainText('State: on the charging station');
});
