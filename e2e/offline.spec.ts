import { expect, test } from '@playwright/test';

test('shows "No Internet connection" while offline and retries the failed request on reconnection', async ({
  page,
  context,
}) => {
  await page.goto('/healthPing?lang=en');
  await expect(page.getByTestId('check-server')).toHaveAttribute('data-status', 'ok');
  const notice = page.getByRole('status').filter({ hasText: 'No Internet connection' });
  await expect(notice).toHaveCount(0);

  await context.setOffline(true);
  await expect(notice).toBeVisible();
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText('Waiting for an Internet connection…')).toBeVisible();

  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('check-server')).toHaveAttribute('data-status', 'ok');
});

test('the notice is localized', async ({ page, context }) => {
  await page.goto('/healthPing?lang=de');
  await expect(page.getByTestId('check-server')).toHaveAttribute('data-status', 'ok');
  await context.setOffline(true);
  await expect(page.getByText('Keine Internetverbindung')).toBeVisible();
  await context.setOffline(false);
});
