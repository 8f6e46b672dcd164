import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { WRONG_CREDENTIALS } from './sign-in.ts';

describe.each(testDatabaseKinds)('first-party sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

  it('signs in by e-mail, whatever its case and surrounding spaces', async () => {
    const response = await login({ account: '  Demo@Navimow.Example ', password: DEMO.owner.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).not.toBe(body.access_token);
  });

  it('signs in by phone number written with spaces and dashes or the 00 prefix', async () => {
    expect((await login({ account: '+49 151 1234-5678', password: DEMO.owner.password })).statusCode).toBe(200);
    expect((await login({ account: '004915112345678', password: DEMO.owner.password })).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const wrongPassword = await login({ account: DEMO.owner.email, password: 'not-the-password' });
    const unknownAccount = await login({ account: 'nobody@navimow.example', password: 'not-the-password' });
    for (const response of [wrongPassword, unknownAccount]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'invalid_credentials', message: WRONG_CREDENTIALS } });
    }
  });

  it('names the missing field of a bad request and signs nobody in', async () => {
    const noAccount = await login({ password: 'x' });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().error).toMatchObject({ code: 'invalid_request', field: 'body.account' });
    const emptyPassword = await login({ account: DEMO.owner.email, password: '' });
    expect(emptyPassword.statusCode).toBe(400);
    expect(emptyPassword.json().error.field).toBe('body.password');
  });

  it('answers unparsable JSON with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_request');
  });

  it('lets no cache keep tokens or per-user answers (Cache-Control: no-store)', async () => {
    const signedIn = await login({ account: DEMO.owner.email, password: DEMO.owner.password });
    const { refresh_token: refreshToken, access_token: accessToken } = signedIn.json();
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: refreshToken } });
    const mowers = await t.app.inject({ method: 'GET', url: '/api/mowers', headers: { authorization: `Bearer ${refreshed.json().access_token}` } });
    const failed = await login({ account: DEMO.owner.email, password: 'wrong' });
    const unauthorized = await t.app.inject({ method: 'GET', url: '/api/mowers', headers: { authorization: `Bearer ${accessToken}` } });
    for (const [name, response] of Object.entries({ signedIn, refreshed, mowers, failed, unauthorized })) {
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('keeps sessions on several devices side by side', async () => {
    const phone = await t.signIn();
    const tablet = await t.signIn();
    for (const headers of [phone, tablet]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/mowers', headers })).statusCode).toBe(200);
    }
  });

  it('rotates tokens on refresh; the old refresh and access tokens stop working', async () => {
    const first = (await login({ account: DEMO.owner.email, password: DEMO.owner.password })).json();
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: first.refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const replay = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: first.refresh_token } });
    expect(replay.statusCode).toBe(401);
    const oldAccess = await t.app.inject({ method: 'GET', url: '/api/mowers', headers: { authorization: `Bearer ${first.access_token}` } });
    expect(oldAccess.statusCode).toBe(401);
    const newAccess = await t.app.inject({ method: 'GET', url: '/api/mowers', headers: { authorization: `Bearer ${second.access_token}` } });
    expect(newAccess.statusCode).toBe(200);
  });

  it('signs one session out without touching the others', async () => {
    const leaving = await t.signIn();
    const staying = await t.signIn();
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: leaving })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/mowers', headers: leaving })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/mowers', headers: staying })).statusCode).toBe(200);
  });

  it('refuses an account after 5 failed sign-ins with a 429 and Retry-After, even with the right password', async () => {
    const limited = await createTestApp(kind);
    const attempt = (password: string) =>
      limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: DEMO.friend.email, password } });
    for (let i = 0; i < 5; i += 1) expect((await attempt('wrong')).statusCode).toBe(401);
    const blocked = await attempt(DEMO.friend.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().error.code).toBe('rate_limited');
    await limited.close();
  });

  it('throttles unknown accounts exactly like known ones', async () => {
    const limited = await createTestApp(kind);
    const attempt = () =>
      limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: 'ghost@navimow.example', password: 'wrong' } });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
    await limited.close();
  });
});
