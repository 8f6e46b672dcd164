import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';

describe.each(testDatabaseKinds)('newsletter on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp(kind);
    owner = await t.signIn();
  });
  afterEach(() => t.close());

  const prompt = (headers = owner) => t.app.inject({ method: 'GET', url: '/api/newsletter/prompt', headers });
  const subscribe = (payload: object, headers = owner) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter/subscriptions', headers, payload });

  it('shows the popup until the account subscribes', async () => {
    expect((await prompt()).json()).toEqual({ show: true });
    const response = await subscribe({ email: ' Garden.Fan@Example.com ', language: 'de' });
    expect(response.statusCode).toBe(202);
    expect((await prompt()).json()).toEqual({ show: false });
    expect(await t.db.selectFrom('newsletter_subscriptions').select(['email', 'language']).execute()).toEqual([
      { email: 'garden.fan@example.com', language: 'de' },
    ]);
  });

  it('answers a second subscription of an address exactly like the first, from any account', async () => {
    const friend = await t.signIn(DEMO.friend.email, DEMO.friend.password);
    const first = await subscribe({ email: 'garden.fan@example.com', language: 'en' });
    const again = await subscribe({ email: 'GARDEN.FAN@example.com', language: 'en' }, friend);
    const parallel = await Promise.all([1, 2, 3].map(() => subscribe({ email: 'new@example.com', language: 'fr' })));
    for (const response of [first, again, ...parallel]) {
      expect(response.statusCode).toBe(202);
      expect(response.body).toBe(first.body);
    }
    expect(await t.db.selectFrom('newsletter_subscriptions').select('email').execute()).toHaveLength(2);
  });

  it('refuses an invalid address with the seed’s message, subscribing nobody', async () => {
    for (const email of ['not-an-address', 'a@b', '', 'x'.repeat(250) + '@example.com']) {
      const response = await subscribe({ email, language: 'en' });
      expect(response.statusCode, email).toBe(400);
      expect(response.json().error).toMatchObject({
        field: 'body.email',
        message: 'body.email: Incorrect email address. Please try again.',
      });
    }
    expect((await subscribe({ email: 'ok@example.com', language: 'xx' })).statusCode).toBe(400);
    expect(await t.db.selectFrom('newsletter_subscriptions').selectAll().execute()).toEqual([]);
    expect((await prompt()).json()).toEqual({ show: true });
  });

  it('remembers "Don’t show this again" for the account, on every device', async () => {
    const dismissed = await t.app.inject({ method: 'POST', url: '/api/newsletter/prompt/dismissal', headers: owner });
    expect(dismissed.statusCode).toBe(204);
    const otherDevice = await t.signIn();
    expect((await prompt(otherDevice)).json()).toEqual({ show: false });
    const friend = await t.signIn(DEMO.friend.email, DEMO.friend.password);
    expect((await prompt(friend)).json()).toEqual({ show: true });
  });
});
