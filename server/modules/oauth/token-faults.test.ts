/**
 * The database failing under the OAuth server (issue 35): a refresh that fails half way changes nothing (its token
 * stays unused, so the client's retry works and the link lives), and the provider's endpoints answer a logged 503
 * with Retry-After, not oidc-provider's 500 server_error.
 */
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/test-database.ts';
import { testConfig } from '../../testing/test-app.ts';
import {
  CookieJar,
  exchangeCode,
  linkAccount,
  mowersWith,
  pkcePair,
  startAuthorization,
  tokenRequest,
} from '../../testing/oauth-test-client.ts';
import { storedOAuthId } from './stored-ids.ts';

/** While `failing` matches a query's text, the query fails as a dropped connection does. */
class Outage implements KyselyPlugin {
  failing: RegExp | undefined;

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (this.failing?.test(JSON.stringify(node))) {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/** An insert of an access token's row: the last write of a refresh, after the old token's use. */
const ACCESS_TOKEN_INSERT = /"kind":"InsertQueryNode".*"AccessToken"/;
/** Anything on the OAuth records. */
const OAUTH_RECORDS = /"name":"oauth_records"/;

describe.each(testDatabaseKinds)('the database failing under the OAuth server on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const outage = new Outage();
  const logged: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ app } = await buildApp({ db: database.db.withPlugin(outage), config: testConfig({ logLevel: 'error' }) }));
    app.log.error = ((...args: unknown[]) => logged.push(String(args.at(-1)))) as typeof app.log.error;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  async function link() {
    const pkce = pkcePair();
    const { location } = await linkAccount(app, { challenge: pkce.challenge });
    const response = await exchangeCode(app, location!.searchParams.get('code')!, pkce.verifier);
    expect(response.statusCode).toBe(200);
    return response.json<{ access_token: string; refresh_token: string }>();
  }

  it('answers a refresh that failed after using its token 503, leaves the token unused, and the retry keeps the link', async () => {
    const tokens = await link();
    outage.failing = ACCESS_TOKEN_INSERT;
    const failed = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    outage.failing = undefined;
    expect(failed.statusCode).toBe(503);
    expect(failed.headers['retry-after']).toBe('5');
    expect(failed.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.any(String) });
    expect(logged).toContain('database unavailable');
    const row = await database.db
      .selectFrom('oauth_records')
      .select('consumed_at')
      .where('model', '=', 'RefreshToken')
      .where('id', '=', storedOAuthId('RefreshToken', tokens.refresh_token))
      .executeTakeFirstOrThrow();
    expect(row.consumed_at).toBeNull();

    // However long after: the token was never used, so this is no replay.
    const retried = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(retried.statusCode).toBe(200);
    expect((await mowersWith(app, retried.json().access_token)).statusCode).toBe(200);
    const next = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: retried.json().refresh_token });
    expect(next.statusCode).toBe(200);
  });

  it('answers a code redemption, a revocation and an authorization request 503 while the database is away', async () => {
    const pkce = pkcePair();
    const { location } = await linkAccount(app, { challenge: pkce.challenge });
    const tokens = await link();
    const jar = new CookieJar();
    outage.failing = OAUTH_RECORDS;
    try {
      const redeem = await exchangeCode(app, location!.searchParams.get('code')!, pkce.verifier);
      expect(redeem.statusCode).toBe(503);
      expect(redeem.json().error).toBe('temporarily_unavailable');
      const revoke = await app.inject({
        method: 'POST',
        url: '/oauth/revoke',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('demo-client:demo-secret').toString('base64')}`,
        },
        payload: new URLSearchParams({ token: tokens.refresh_token }).toString(),
      });
      expect(revoke.statusCode).toBe(503);
      const authorize = await app.inject({
        method: 'GET',
        url: `/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'demo-client', redirect_uri: 'http://127.0.0.1:8765/callback', code_challenge: pkce.challenge, code_challenge_method: 'S256' })}`,
        headers: { accept: 'text/html', cookie: jar.header() },
      });
      expect(authorize.statusCode).toBe(503);
      expect(authorize.headers['retry-after']).toBe('5');
      expect(authorize.headers['content-type']).toMatch(/^text\/html/);
    } finally {
      outage.failing = undefined;
    }
    // Nothing was changed: the code still redeems, the refresh token still refreshes.
    expect((await exchangeCode(app, location!.searchParams.get('code')!, pkce.verifier)).statusCode).toBe(200);
    expect(
      (await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).statusCode,
    ).toBe(200);
  });

  it('answers the sign-in pages 503, not "expired", while the database is away', async () => {
    const jar = new CookieJar();
    const authorize = await startAuthorization(app, jar);
    const uid = authorize.headers.location!.split('/').at(-1)!;
    outage.failing = OAUTH_RECORDS;
    try {
      const details = await app.inject({
        method: 'GET',
        url: `/oauth/interaction/${uid}/details`,
        headers: { cookie: jar.header() },
      });
      expect(details.statusCode).toBe(503);
      expect(details.json()).toEqual({ error: { code: 'database_unavailable', message: expect.any(String) } });
    } finally {
      outage.failing = undefined;
    }
    const details = await app.inject({
      method: 'GET',
      url: `/oauth/interaction/${uid}/details`,
      headers: { cookie: jar.header() },
    });
    expect(details.statusCode).toBe(200);
  });
});
