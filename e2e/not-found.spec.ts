import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

test('an unknown path is a localized not-found page served with 200', async ({ page }) => {
  const response = await page.goto('/no/such/page?lang=de');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
  await expect(page).toHaveTitle('Seite nicht gefunden - Navimow');
  await expectAccessible(page, '#root');
});

test('an unknown API path stays a JSON 404', async ({ request }) => {
  const response = await request.get('/api/no-such-thing');
  expect(response.status()).toBe(404);
  expect((await response.json()).error.code).toBe('not_found');
});
