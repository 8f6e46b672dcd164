import { ColumnNode, UpdateQueryNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Db } from '../../db/database.ts';
import { DEMO } from '../../db/seed.ts';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app.ts';
import { createTestDatabase, testDatabaseKinds } from '../../testing/test-database.ts';
import { REFRESH_RETRY_GRACE_MS, UNANSWERED_REFRESH_RETRY_MS, WRONG_CREDENTIALS } from '../accounts/public.ts';
import { SIGN_INS_PER_INTERACTION } from './oauth-routes.ts';
import { sweepRefreshAnswers } from './refresh-replay.ts';
import { storedOAuthId } from './stored-ids.ts';
import {
  basic,
  CookieJar,
  exchangeCode,
  linkAccount,
  mowersWith,
  pkcePair,
  startAuthorization,
  tokenRequest,
} from '../../testing/oauth-test-client.ts';

describe.each(testDatabaseKinds)('OAuth authorization server on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A refresh with `refreshToken` past the few seconds in which a retry is answered (REFRESH_RETRY_GRACE_MS). */
  async function refreshAfterGrace(refreshToken: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + REFRESH_RETRY_GRACE_MS + 1_000);
      return await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: refreshToken });
    } finally {
      vi.useRealTimers();
    }
  }

  async function tokens(options: Parameters<typeof linkAccount>[1] = {}) {
    const pkce = pkcePair();
    const { location } = await linkAccount(t.app, { ...options, challenge: pkce.challenge });
    const response = await exchangeCode(t.app, location!.searchParams.get('code')!, pkce.verifier);
    expect(response.statusCode).toBe(200);
    return response.json<{ access_token: string; refresh_token: string; expires_in: number; token_type: string }>();
  }

  it('publishes RFC 8414 metadata', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/.well-known/oauth-authorization-server',
      headers: { host: '127.0.0.1:4173' },
    });
    expect(response.statusCode).toBe(200);
    const metadata = response.json();
    expect(metadata).toMatchObject({
      issuer: 'http://127.0.0.1:4173',
      authorization_endpoint: 'http://127.0.0.1:4173/oauth/authorize',
      token_endpoint: 'http://127.0.0.1:4173/oauth/token',
      revocation_endpoint: 'http://127.0.0.1:4173/oauth/revoke',
      code_challenge_methods_supported: ['S256'],
    });
    expect(metadata.response_types_supported).toEqual(['code']);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post']);
  });

  it('sends the browser to the right login page, in the requested language, keeping channel', async () => {
    const jar = new CookieJar();
    const authorize = await startAuthorization(t.app, jar, {
      extra: { channel: 'homeassistant', ui_locales: 'de-DE' },
    });
    expect(authorize.statusCode).toBe(303);
    const interaction = await t.app.inject({
      method: 'GET',
      url: authorize.headers.location!,
      headers: { cookie: jar.header() },
    });
    const page = new URL(interaction.headers.location!, 'http://x');
    expect(page.pathname).toBe('/smartHome/login');
    expect(page.searchParams.get('lang')).toBe('de');
    expect(page.searchParams.get('channel')).toBe('homeassistant');
    const details = await t.app.inject({
      method: 'GET',
      url: `${authorize.headers.location}/details`,
      headers: { cookie: jar.header() },
    });
    expect(details.json()).toMatchObject({
      client: { id: 'demo-client', kind: 'third_party' },
      channel: 'homeassistant',
    });

    const alexaJar = new CookieJar();
    const alexa = await startAuthorization(t.app, alexaJar, {
      clientId: 'alexa',
      redirectUri: 'https://layla.amazon.com/api/skill/link/M2NAVIMOWDEMO',
    });
    const alexaPage = await t.app.inject({
      method: 'GET',
      url: alexa.headers.location!,
      headers: { cookie: alexaJar.header() },
    });
    expect(alexaPage.headers.location).toMatch(/^\/smartHome\/alexa\/installNavimow\?interaction=/);
  });

  it('completes the code flow: state unchanged, tokens with expires_in, usable on the API', async () => {
    const pkce = pkcePair();
    const { location } = await linkAccount(t.app, { challenge: pkce.challenge, state: 'opaque/+= state' });
    expect(`${location!.origin}${location!.pathname}`).toBe('http://127.0.0.1:8765/callback');
    expect(location!.searchParams.get('state')).toBe('opaque/+= state');
    const response = await exchangeCode(t.app, location!.searchParams.get('code')!, pkce.verifier);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBeGreaterThanOrEqual(360);
    expect(body.refresh_token).toEqual(expect.any(String));
    expect((await mowersWith(t.app, body.access_token)).json().mowers).toHaveLength(2);
  });

  it('grants the default scopes to a request without a scope parameter (RFC 6749 section 3.3)', async () => {
    const pkce = pkcePair();
    const { login, location } = await linkAccount(t.app, {
      challenge: pkce.challenge,
      scope: null,
      clientId: 'homeassistant',
      redirectUri: 'https://my.home-assistant.io/redirect/oauth',
    });
    expect(login.statusCode).toBe(200);
    expect(location!.searchParams.get('error')).toBeNull();
    const response = await exchangeCode(t.app, location!.searchParams.get('code')!, pkce.verifier, {
      clientId: 'homeassistant',
      secret: 'homeassistant-demo-secret',
      redirectUri: 'https://my.home-assistant.io/redirect/oauth',
    });
    expect(response.statusCode).toBe(200);
    // The client is told what it got, as the scope differs from the (absent) requested one (section 5.1).
    expect(response.json().scope.split(' ').sort()).toEqual(['mower:control', 'mower:read']);
    expect((await mowersWith(t.app, response.json().access_token)).statusCode).toBe(200);
  });

  it('ignores scopes it does not know and names what it granted (RFC 6749 section 3.3)', async () => {
    const pkce = pkcePair();
    const { location } = await linkAccount(t.app, { challenge: pkce.challenge, scope: 'mower:read admin' });
    const response = await exchangeCode(t.app, location!.searchParams.get('code')!, pkce.verifier);
    expect(response.statusCode).toBe(200);
    expect(response.json().scope).toBe('mower:read');
  });

  it('accepts client credentials in the form body as well as HTTP Basic', async () => {
    const pkce = pkcePair();
    const { location } = await linkAccount(t.app, { challenge: pkce.challenge });
    const response = await exchangeCode(t.app, location!.searchParams.get('code')!, pkce.verifier, { inBody: true });
    expect(response.statusCode).toBe(200);
  });

  it('asks again on every link: a browser that linked before gets the sign-in page, never a code for the last account', async () => {
    const jar = new CookieJar();
    await linkAccount(t.app, { jar, challenge: pkcePair().challenge });
    // The next person on the same phone (or in the Alexa app's in-app browser) starts linking.
    const again = await startAuthorization(t.app, jar);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toMatch(/^\/oauth\/interaction\//);
    expect(again.headers.location).not.toMatch(/code=/);
  });

  it('never redirects to a redirect URI that is not registered exactly', async () => {
    const mutations = [
      'http://127.0.0.1:8765/callback/',
      'http://127.0.0.1:8765/callback?x=1',
      'http://127.0.0.1:8765/callbacks',
      'http://127.0.0.1:8766/callback',
      'https://127.0.0.1:8765/callback',
      'http://localhost:8765/callback',
      'http://127.0.0.1:8765/CALLBACK',
      'https://evil.example/callback',
      'http://127.0.0.1:8765/callback#frag',
    ];
    for (const redirectUri of mutations) {
      const response = await startAuthorization(t.app, new CookieJar(), { redirectUri });
      expect(response.statusCode, redirectUri).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/html/);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/oauth/authorize?response_type=code&client_id=demo-client&state=s',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.headers.location).toBeUndefined();
  });

  it('requires PKCE with S256', async () => {
    const withoutPkce = await startAuthorization(t.app, new CookieJar(), { challenge: null });
    const location = new URL(withoutPkce.headers.location!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('state-123');

    const plain = await startAuthorization(t.app, new CookieJar(), {
      challenge: null,
      extra: { code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' },
    });
    expect(new URL(plain.headers.location!).searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a wrong or missing code verifier', async () => {
    const pkce = pkcePair();
    const { location } = await linkAccount(t.app, { challenge: pkce.challenge });
    const code = location!.searchParams.get('code')!;
    const wrong = await exchangeCode(t.app, code, pkcePair().verifier);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');
    const missing = await tokenRequest(t.app, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:8765/callback',
    });
    expect(missing.statusCode).toBe(400);
  });

  it('uses a code once; a replayed code revokes the tokens it issued', async () => {
    const pkce = pkcePair();
    const { location } = await linkAccount(t.app, { challenge: pkce.challenge });
    const code = location!.searchParams.get('code')!;
    const first = await exchangeCode(t.app, code, pkce.verifier);
    expect(first.statusCode).toBe(200);
    const replay = await exchangeCode(t.app, code, pkce.verifier);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    expect((await mowersWith(t.app, first.json().access_token)).statusCode).toBe(401);
    const refresh = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: first.json().refresh_token,
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('gives tokens for a code sent 20 times at once exactly once', async () => {
    const pkce = pkcePair();
    const { location } = await linkAccount(t.app, { challenge: pkce.challenge });
    const code = location!.searchParams.get('code')!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchangeCode(t.app, code, pkce.verifier)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 400).map((answer) => answer.json().error)).toEqual(
      Array(19).fill('invalid_grant'),
    );
  });

  it('refuses a code exchanged by another client', async () => {
    const pkce = pkcePair();
    const { location } = await linkAccount(t.app, { challenge: pkce.challenge });
    const response = await exchangeCode(t.app, location!.searchParams.get('code')!, pkce.verifier, {
      clientId: 'homeassistant',
      secret: 'homeassistant-demo-secret',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_grant');
  });

  it('answers a refresh sent twice at once, or retried within seconds, with its first answer, without ending the link', async () => {
    const first = await tokens();
    const refresh = () => tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    const answers = [...(await Promise.all([refresh(), refresh(), refresh()])), await refresh()];
    const [answer] = answers;
    expect(answer!.statusCode).toBe(200);
    expect(answer!.headers['cache-control']).toBe('no-store');
    const rotated = answer!.json<{ access_token: string; refresh_token: string; scope: string }>();
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    // One rotation, whichever request made it: every answer holds the same tokens.
    for (const other of answers) {
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual(rotated);
    }
    expect((await mowersWith(t.app, rotated.access_token)).statusCode).toBe(200);
    const next = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: rotated.refresh_token });
    expect(next.statusCode).toBe(200);
    // The first answer stays sealed: nothing in the database gives the tokens it holds.
    expect(JSON.stringify(await t.db.selectFrom('oauth_records').selectAll().execute())).not.toContain(
      rotated.refresh_token,
    );
  });

  it('gives a refresh token used within its grace no chain of its own: the next rotation makes the other holder a replay', async () => {
    const first = await tokens();
    const client = (
      await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token })
    ).json();
    // A thief who had the token presents it seconds later: the client's own answer, not new tokens.
    const thief = (
      await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token })
    ).json();
    expect(thief).toEqual(client);
    const thiefFirst = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: thief.refresh_token });
    expect(thiefFirst.statusCode).toBe(200);
    // The thief rotates on: the token its first rotation handed out is used, so that rotation's answer is gone.
    const thiefRotates = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: thiefFirst.json().refresh_token,
    });
    expect(thiefRotates.statusCode).toBe(200);
    // The client refreshes later with the token it holds, now used: the link ends, the thief's tokens with it.
    const clientLater = await refreshAfterGrace(client.refresh_token);
    expect(clientLater.statusCode).toBe(400);
    expect(clientLater.json().error).toBe('invalid_grant');
    expect((await mowersWith(t.app, thiefRotates.json().access_token)).statusCode).toBe(401);
    const thiefAgain = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: thiefRotates.json().refresh_token,
    });
    expect(thiefAgain.statusCode).toBe(400);
  });

  it('gives a first answer only to the client it was made for', async () => {
    const first = await tokens();
    const answered = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(answered.statusCode).toBe(200);
    const otherClient = await tokenRequest(
      t.app,
      { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      'homeassistant',
      'homeassistant-demo-secret',
    );
    expect(otherClient.statusCode).toBe(400);
    expect(otherClient.json().error).toBe('invalid_grant');
    expect(otherClient.body).not.toContain(answered.json().access_token);
  });

  it('answers a retry of a refresh whose answer was lost with that answer, until the token it gave is used', async () => {
    const first = await tokens();
    const answered = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(answered.statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // The answer never reached the client (the server went down after committing): it retries minutes later.
      vi.setSystemTime(Date.now() + 10 * 60 * 1000);
      const retry = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(answered.json());
      const next = await tokenRequest(t.app, {
        grant_type: 'refresh_token',
        refresh_token: retry.json().refresh_token,
      });
      expect(next.statusCode).toBe(200);
      // The token it gave is used now: the old one presented again is a replay, and ends the link.
      vi.setSystemTime(Date.now() + REFRESH_RETRY_GRACE_MS + 1_000);
      const replay = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(replay.statusCode).toBe(400);
      expect((await mowersWith(t.app, next.json().access_token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a kept answer once its window for an unanswered retry is over', async () => {
    const first = await tokens();
    await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    const kept = () =>
      t.db
        .selectFrom('oauth_records')
        .select('id')
        .where('model', '=', 'RefreshToken')
        .where('retry_answer', 'is not', null)
        .execute();
    const before = (await kept()).length;
    expect(before).toBeGreaterThan(0);
    await sweepRefreshAnswers(t.db, Date.now() + REFRESH_RETRY_GRACE_MS + 1_000);
    expect((await kept()).length).toBe(before);
    await sweepRefreshAnswers(t.db, Date.now() + UNANSWERED_REFRESH_RETRY_MS + 1_000);
    expect(await kept()).toEqual([]);
  });

  it('rotates refresh tokens; replaying an old one revokes the whole family', async () => {
    const first = await tokens();
    const rotated = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.expires_in).toBeGreaterThanOrEqual(360);
    const third = (
      await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: second.refresh_token })
    ).json();

    // Once its successor was used, and past the few seconds in which a duplicate is refused, a reuse is a replay.
    const replay = await refreshAfterGrace(first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    const afterReplay = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: third.refresh_token });
    expect(afterReplay.statusCode).toBe(400);
    expect((await mowersWith(t.app, third.access_token)).statusCode).toBe(401);
  });

  it('keeps no working token or code in its database, only their hashes', async () => {
    const pkce = pkcePair();
    const { location } = await linkAccount(t.app, { challenge: pkce.challenge });
    const code = location!.searchParams.get('code')!;
    const issued = (await exchangeCode(t.app, code, pkce.verifier)).json<{
      access_token: string;
      refresh_token: string;
    }>();
    const rotated = (
      await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: issued.refresh_token })
    ).json();
    const stored = JSON.stringify(await t.db.selectFrom('oauth_records').selectAll().execute());
    for (const secret of [
      code,
      issued.access_token,
      issued.refresh_token,
      rotated.access_token,
      rotated.refresh_token,
    ]) {
      expect(stored).not.toContain(secret);
    }
    // What is kept still answers for them.
    expect((await mowersWith(t.app, rotated.access_token)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic('demo-client', 'demo-secret'),
      },
      payload: new URLSearchParams({ token: rotated.access_token }).toString(),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await mowersWith(t.app, rotated.access_token)).statusCode).toBe(401);
  });

  it('revokes a refresh token (RFC 7009), and answers 200 for an unknown one', async () => {
    const issued = await tokens();
    const revoke = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/revoke',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basic('demo-client', 'demo-secret'),
        },
        payload: new URLSearchParams({ token, token_type_hint: 'refresh_token' }).toString(),
      });
    expect((await revoke(issued.refresh_token)).statusCode).toBe(200);
    const refresh = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: issued.refresh_token });
    expect(refresh.statusCode).toBe(400);
    expect((await revoke('no-such-token')).statusCode).toBe(200);
  });

  it('answers token endpoint errors with 4xx and RFC 6749 codes, never 200', async () => {
    const badSecret = await tokenRequest(
      t.app,
      { grant_type: 'refresh_token', refresh_token: 'x' },
      'demo-client',
      'wrong',
    );
    expect(badSecret.statusCode).toBe(401);
    expect(badSecret.json().error).toBe('invalid_client');
    const badGrant = await tokenRequest(t.app, { grant_type: 'password', username: 'a', password: 'b' });
    expect(badGrant.statusCode).toBe(400);
    expect(badGrant.json().error).toBe('unsupported_grant_type');
  });

  it('keeps the user’s first-party sessions when an account is linked', async () => {
    const session = await t.signIn();
    await tokens();
    expect((await t.app.inject({ method: 'GET', url: '/api/mowers', headers: session })).statusCode).toBe(200);
  });

  it('gives the client access_denied with its state when the user cancels', async () => {
    const jar = new CookieJar();
    const authorize = await startAuthorization(t.app, jar, { state: 'keep-me' });
    const uid = authorize.headers.location!.split('/').at(-1);
    const abort = await t.app.inject({
      method: 'POST',
      url: `/oauth/interaction/${uid}/abort`,
      headers: { cookie: jar.header() },
    });
    const resume = await t.app.inject({
      method: 'GET',
      url: abort.json().redirect_to,
      headers: { cookie: jar.header() },
    });
    const location = new URL(resume.headers.location!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('keep-me');
  });

  it('shows the seed’s message for wrong credentials and throttles repeated failures', async () => {
    const wrong = await linkAccount(t.app, { account: 'friend@navimow.example', password: 'nope' });
    expect(wrong.login.statusCode).toBe(401);
    expect(wrong.login.json().error.message).toBe(WRONG_CREDENTIALS);
    for (let i = 0; i < 4; i += 1) await linkAccount(t.app, { account: 'friend@navimow.example', password: 'nope' });
    const blocked = await linkAccount(t.app, { account: 'friend@navimow.example', password: 'Navimow-demo-2' });
    expect(blocked.login.statusCode).toBe(429);
    expect(Number(blocked.login.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sends login page links that carry an authorization request to the authorization endpoint', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/smartHome/login?channel=homeassistant&response_type=code&client_id=homeassistant&state=s',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      '/oauth/authorize?channel=homeassistant&response_type=code&client_id=homeassistant&state=s',
    );
  });
});

describe.each(testDatabaseKinds)('OAuth behind a reverse proxy (TRUST_PROXY=10.9.9.9) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { trustProxy: ['10.9.9.9'] });
  });
  afterAll(() => t.close());

  const forged = { host: '127.0.0.1:4173', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  const metadata = async (remoteAddress: string, headers: Record<string, string>) =>
    (
      await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server', remoteAddress, headers })
    ).json<Record<string, unknown>>();

  it("names the issuer's origin in the metadata, whatever Host or X-Forwarded-Host a client or the proxy sent (issue 34, item 9)", async () => {
    const issuers = {
      issuer: 'http://127.0.0.1:4173',
      authorization_endpoint: 'http://127.0.0.1:4173/oauth/authorize',
      token_endpoint: 'http://127.0.0.1:4173/oauth/token',
    };
    expect(await metadata('127.0.0.1', forged)).toMatchObject(issuers);
    expect(
      await metadata('10.9.9.9', { ...forged, 'x-forwarded-host': 'evil.example, navimow.example' }),
    ).toMatchObject(issuers);
    for (const host of ['evil.example', '[', 'x:99999', '//x:99999/']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/.well-known/oauth-authorization-server',
        headers: { host },
      });
      expect(response.statusCode, host).toBe(200);
      expect(response.json(), host).toMatchObject(issuers);
    }
  });

  it('sends the browser on to this server after the sign-in, whatever host a client forged', async () => {
    const jar = new CookieJar();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'demo-client',
      redirect_uri: 'http://127.0.0.1:8765/callback',
      state: 's',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });
    const authorize = await t.app.inject({ method: 'GET', url: `/oauth/authorize?${query}`, headers: forged });
    jar.store(authorize);
    const uid = authorize.headers.location!.split('/').at(-1)!;
    const login = await t.app.inject({
      method: 'POST',
      url: `/oauth/interaction/${uid}/login`,
      headers: { ...forged, cookie: jar.header() },
      payload: { account: DEMO.owner.email, password: DEMO.owner.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json<{ redirect_to: string }>().redirect_to).toMatch(
      /^http:\/\/127\.0\.0\.1:4173\/oauth\/authorize\//,
    );
  });
});

/** A database on which a token's use is answered `ms` late (the use itself is written at once). */
function slowToConsume(db: Db, ms: number): Db {
  const slow = new WeakSet<object>();
  return db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      const consumes =
        UpdateQueryNode.is(node) &&
        node.updates?.some(({ column }) => ColumnNode.is(column) && column.column.name === 'consumed_at');
      if (consumes) slow.add(queryId);
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      if (slow.has(queryId)) await new Promise((resolve) => setTimeout(resolve, ms));
      return result;
    },
  });
}

describe.each(testDatabaseKinds)('closing the OAuth server on %s', (kind) => {
  it('waits for a refresh in progress to finish, its answer kept for a retry', async () => {
    const database = await createTestDatabase(kind);
    const { app } = await buildApp({ db: slowToConsume(database.db, 1_000), config: testConfig() });
    try {
      const pkce = pkcePair();
      const { location } = await linkAccount(app, { challenge: pkce.challenge });
      const { refresh_token: refreshToken } = (
        await exchangeCode(app, location!.searchParams.get('code')!, pkce.verifier)
      ).json<{
        refresh_token: string;
      }>();
      const row = () =>
        database.db
          .selectFrom('oauth_records')
          .select(['consumed_at', 'retry_answer'])
          .where('model', '=', 'RefreshToken')
          .where('id', '=', storedOAuthId('RefreshToken', refreshToken))
          .executeTakeFirstOrThrow();
      const refresh = tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken });
      // The server is told to stop once the refresh has used its token, a second before it goes on to answer.
      while (!(await row()).consumed_at) await new Promise((resolve) => setImmediate(resolve));
      await app.close();
      expect((await row()).retry_answer).not.toBeNull();
      expect((await refresh).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});

describe.each(testDatabaseKinds)('OAuth under a flood from one address on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-account throttle out of the way: it refuses parallel sign-ins to one account by itself (decision 010).
    const wide = { max: 1000, windowMs: 60_000 };
    t = await createTestApp(kind, {
      authorizeRequestsPerMinute: 6,
      loginRequestsPerMinute: 20,
      signInLimits: { pair: wide, address: wide, account: { ...wide, free: 1000, baseDelayMs: 0, maxDelayMs: 0 } },
    });
  });
  afterAll(() => t.close());

  const interactions = async () =>
    Number(
      (
        await t.db
          .selectFrom('oauth_records')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('model', '=', 'Interaction')
          .executeTakeFirstOrThrow()
      ).count,
    );
  const signInOn = (uid: string, jar: CookieJar, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/oauth/interaction/${uid}/login`,
      headers: { cookie: jar.header() },
      remoteAddress,
      payload: { account: DEMO.owner.email, password: DEMO.owner.password },
    });
  const authorizeFrom = async (remoteAddress: string) => {
    const jar = new CookieJar();
    const response = await t.app.inject({
      method: 'GET',
      url: `/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: 'demo-client',
        redirect_uri: 'http://127.0.0.1:8765/callback',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      })}`,
      remoteAddress,
    });
    jar.store(response);
    return { response, jar, uid: response.headers.location?.split('/').at(-1) };
  };

  it('stores interactions for the authorization requests of one address up to its limit, sent at once; the rest are 429', async () => {
    const before = await interactions();
    const answers = await Promise.all(Array.from({ length: 10 }, () => authorizeFrom('192.0.2.10')));
    const statuses = answers.map(({ response }) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(6).fill(303), ...Array<number>(4).fill(429)]);
    expect(await interactions()).toBe(before + 6);
    // Another address is not held up by it.
    expect((await authorizeFrom('192.0.2.11')).response.statusCode).toBe(303);
  });

  it('keeps an interaction nobody finishes ten minutes, and removes expired ones as new ones come, not only hourly', async () => {
    const { uid } = await authorizeFrom('192.0.2.20');
    const { expires_at: expiresAt } = await t.db
      .selectFrom('oauth_records')
      .select('expires_at')
      .where('model', '=', 'Interaction')
      .where('id', '=', storedOAuthId('Interaction', uid!))
      .executeTakeFirstOrThrow();
    expect(Date.parse(expiresAt!) - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);

    const expired = Array.from({ length: 3 }, (_, i) => ({
      model: 'Interaction',
      id: `expired-interaction-${i}`,
      payload: '{}',
      expires_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }));
    await t.db.insertInto('oauth_records').values(expired).execute();
    await authorizeFrom('192.0.2.21');
    const left = await t.db
      .selectFrom('oauth_records')
      .select('id')
      .where(
        'id',
        'in',
        expired.map(({ id }) => id),
      )
      .execute();
    expect(left).toEqual([]);
  });

  it(`takes ${SIGN_INS_PER_INTERACTION} sign-ins on one interaction, sent at once, and refuses the rest`, async () => {
    const { uid, jar } = await authorizeFrom('192.0.2.30');
    const grants = async () =>
      Number(
        (
          await t.db
            .selectFrom('oauth_records')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('model', '=', 'Grant')
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await grants();
    const answers = await Promise.all(Array.from({ length: 14 }, () => signInOn(uid!, jar, '192.0.2.30')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([
      ...Array<number>(SIGN_INS_PER_INTERACTION).fill(200),
      ...Array<number>(14 - SIGN_INS_PER_INTERACTION).fill(429),
    ]);
    expect(answers.find((answer) => answer.statusCode === 429)!.json().error.code).toBe('rate_limited');
    expect(await grants()).toBe(before + SIGN_INS_PER_INTERACTION);
  });

  it('limits web sign-ins per address as the app’s sign-in is limited (LOGIN_REQUESTS_PER_MINUTE)', async () => {
    // Interactions from addresses of their own; the sign-ins all from one.
    const started = await Promise.all(Array.from({ length: 3 }, (_, i) => authorizeFrom(`192.0.2.4${i}`)));
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => signInOn(started[i % 3]!.uid!, started[i % 3]!.jar, '198.51.100.7')),
    );
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(20);
    expect(refused).toHaveLength(4);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
