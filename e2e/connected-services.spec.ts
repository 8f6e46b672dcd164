import { createHash, randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ConnectedService } from '../common/voice-links.ts';
import en from '../locales/en/smartHome.json' with { type: 'json' };
import { DEMO_OWNER, expectAccessible, expectFitsTheScreen, signIn } from './fixtures.ts';

/**
 * Home Assistant linked through the web login, as the integration does, then seen and unlinked on the smart-home
 * screen of the simulated app (signed in as the demo owner), after the confirmation.
 */

const HOME_ASSISTANT = {
  id: 'homeassistant',
  secret: 'homeassistant-demo-secret',
  redirect: 'https://my.home-assistant.io/redirect/oauth',
};

/** The web login's steps as Home Assistant's browser takes them: authorize, sign in, consent, the code redeemed. */
async function linkHomeAssistant(request: APIRequestContext): Promise<{ access_token: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: HOME_ASSISTANT.id,
    redirect_uri: HOME_ASSISTANT.redirect,
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const authorize = await request.get(`/oauth/authorize?${query}`, { maxRedirects: 0 });
  const uid = new URL(authorize.headers().location!, 'http://x').pathname.split('/').at(-1)!;
  const login = await request.post(`/oauth/interaction/${uid}/login`, {
    data: { account: DEMO_OWNER.email, password: DEMO_OWNER.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const resume = await request.get((await login.json()).redirect_to, { maxRedirects: 0 });
  const code = new URL(resume.headers().location!).searchParams.get('code')!;
  const tokens = await request.post('/oauth/token', {
    headers: {
      Authorization: `Basic ${Buffer.from(`${HOME_ASSISTANT.id}:${HOME_ASSISTANT.secret}`).toString('base64')}`,
    },
    form: { grant_type: 'authorization_code', code, redirect_uri: HOME_ASSISTANT.redirect, code_verifier: verifier },
  });
  expect(tokens.status(), await tokens.text()).toBe(200);
  return tokens.json();
}

async function servicesOf(request: APIRequestContext): Promise<ConnectedService[]> {
  const response = await request.get('/api/voice-links/services', {
    headers: { Authorization: `Bearer ${await signIn(request, DEMO_OWNER)}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).services;
}

const section = (page: Page) => page.getByRole('region', { name: en.services.title });

test('Home Assistant linked through the web login shows on the smart-home screen and is unlinked after the confirmation', async ({
  page,
  request,
}) => {
  const before = await servicesOf(request);
  const { access_token: token } = await linkHomeAssistant(request);
  const [linked] = await servicesOf(request);
  expect(linked).toMatchObject({ client_id: 'homeassistant', name: 'Home Assistant' });

  await page.goto('/smartHome?lang=en');
  const rows = section(page).getByRole('listitem');
  await expect(rows).toHaveCount(before.length + 1);
  // Newest first: the link just made, with today's date in the page's language.
  const today = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(Date.parse(linked!.since));
  await expect(rows.first()).toContainText(`Home Assistant${en.services.since.replace('{{date}}', today)}`);
  await expectAccessible(page);
  await expectFitsTheScreen(page);

  await rows.first().getByRole('button', { name: en.services.unlink }).click();
  const dialog = page.getByRole('dialog', { name: en.services.confirm.title.replace('{{name}}', 'Home Assistant') });
  await expect(dialog).toContainText('will no longer be able to read or control your mowers');
  await expect(dialog.getByRole('button', { name: en.services.confirm.cancel })).toBeFocused();
  await expectAccessible(page, 'dialog');
  await dialog.getByRole('button', { name: en.services.unlink }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Home Assistant is unlinked.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: en.services.title })).toBeFocused();
  await expect(rows).toHaveCount(before.length);
  expect((await servicesOf(request)).map((service) => service.id)).not.toContain(linked!.id);
  // Home Assistant's token stopped working with the unlink.
  expect((await request.get('/api/mowers', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);

  // And it stays gone when the screen loads again.
  await page.reload();
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
  await expect(section(page).getByRole('listitem')).toHaveCount(before.length);
});
