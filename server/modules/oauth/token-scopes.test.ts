import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { exchangeCode, linkAccount, pkcePair } from '../../testing/oauth-test-client.ts';

/** Issue 8, finding 3: an OAuth token does what its scopes allow, and never what only the app may do. */
describe.each(testDatabaseKinds)('scopes of linked services on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function oauthToken(scope: string) {
    const pkce = pkcePair();
    const { location } = await linkAccount(t.app, { challenge: pkce.challenge, scope });
    const response = await exchangeCode(t.app, location!.searchParams.get('code')!, pkce.verifier);
    expect(response.statusCode).toBe(200);
    return `Bearer ${response.json<{ access_token: string }>().access_token}`;
  }

  const routes = {
    listMowers: (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/api/mowers', headers: { authorization } }),
    postComment: (authorization: string) =>
      t.app.inject({ method: 'POST', url: '/api/comments', headers: { authorization }, payload: { rating: 5 } }),
    logout: (authorization: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization } }),
  };

  it('lets a mower:read token read mowers', async () => {
    expect((await routes.listMowers(await oauthToken('mower:read'))).statusCode).toBe(200);
  });

  it('refuses a token without mower:read the mower list, with 403 insufficient_scope (RFC 6750)', async () => {
    const response = await routes.listMowers(await oauthToken('mower:control'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'insufficient_scope', message: expect.any(String) } });
    expect(response.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="mower:read"');
  });

  it('never lets a linked service act as the app: comments and sign-out are refused whatever its scopes', async () => {
    const token = await oauthToken('mower:read mower:control');
    for (const call of [routes.postComment, routes.logout]) {
      const response = await call(token);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('insufficient_scope');
    }
  });

  it('keeps full access for the app’s own first-party tokens', async () => {
    const { authorization } = await t.signIn();
    expect((await routes.listMowers(authorization)).statusCode).toBe(200);
    expect((await routes.postComment(authorization)).statusCode).toBe(201);
    expect((await routes.logout(authorization)).statusCode).toBe(204);
  });

  it('answers 401, not 403, for a token it does not know', async () => {
    expect((await routes.listMowers(`Bearer ${'x'.repeat(43)}`)).statusCode).toBe(401);
  });
});
