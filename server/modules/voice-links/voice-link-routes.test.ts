import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoiceLink, VoicePlatform } from '../../../common/voice-links.ts';
import { DEMO } from '../../db/seed.ts';
import {
  authorizedCode,
  basic,
  CookieJar,
  exchangeCode,
  linkAndRedeem,
  mowersWith,
  pkcePair,
  TEST_CLIENTS,
  tokenRequest,
} from '../../testing/oauth-test-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { sweepExpired, UNREDEEMED_GRANT_TTL } from '../oauth/public.ts';

const { google: GOOGLE, alexa: ALEXA, hornbach: HORNBACH } = TEST_CLIENTS;

describe.each(testDatabaseKinds)('voice links: state, Google App Flip and unlink on %s', (kind) => {
  let t: TestApp;
  let owner: { authorization: string };
  let friend: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await t.signIn();
    friend = await t.signIn(DEMO.friend.email, DEMO.friend.password);
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: { authorization: string }, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/voice-links${url}`,
      headers,
      ...(payload !== undefined && { payload: payload as object }),
    });

  async function linksOf(session: { authorization: string }): Promise<Record<VoicePlatform, VoiceLink>> {
    const response = await api('GET', '', session);
    expect(response.statusCode).toBe(200);
    const { links } = response.json<{ links: VoiceLink[] }>();
    expect(links.map((link) => link.platform)).toEqual(['alexa', 'google', 'hornbach']);
    return Object.fromEntries(links.map((link) => [link.platform, link])) as Record<VoicePlatform, VoiceLink>;
  }

  /** The web login of contract section 4 for a client, with the tokens it ends in. */
  async function webLink(
    client: typeof GOOGLE,
    options: { jar?: CookieJar; account?: string; password?: string } = {},
  ) {
    const response = await linkAndRedeem(t.app, client, options);
    expect(response.statusCode).toBe(200);
    return response.json<{ access_token: string; refresh_token: string }>();
  }

  const appFlip = (session: { authorization: string }, body: Record<string, unknown>) =>
    api('POST', '/google/app-flip', session, body);
  const validFlip = { client_id: GOOGLE.clientId, scope: 'mower:read mower:control', redirect_uri: GOOGLE.redirectUri };

  /** Google redeeming an App Flip code: client_secret_basic, the redirect URI, and no code_verifier. */
  const redeem = (code: string, redirectUri = GOOGLE.redirectUri) =>
    tokenRequest(
      t.app,
      { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
      GOOGLE.clientId,
      GOOGLE.secret,
    );

  const refresh = (refreshToken: string, client = GOOGLE) =>
    tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: refreshToken }, client.clientId, client.secret);

  const googleRecords = () =>
    t.db
      .selectFrom('oauth_records')
      .select('id')
      .where('client_id', '=', 'google')
      .where('account_id', '=', DEMO.friend.id)
      .execute();

  it('answers every platform, not linked, for an account without links', async () => {
    const links = await linksOf(friend);
    for (const platform of ['alexa', 'google', 'hornbach'] as const) {
      expect(links[platform]).toEqual({ platform, linked: false, linked_since: null, client_id: null });
    }
  });

  it('refuses a missing token (401) and a linked service’s OAuth token on every endpoint (403)', async () => {
    const { access_token: accessToken } = await webLink(HORNBACH, {
      account: DEMO.friend.email,
      password: DEMO.friend.password,
    });
    const oauth = { authorization: `Bearer ${accessToken}` };
    const calls = [
      ['GET', ''],
      ['POST', '/alexa/start'],
      ['POST', '/alexa/complete', { code: 'x', state: 'y' }],
      ['DELETE', '/alexa'],
      ['POST', '/google/app-flip', validFlip],
      ['DELETE', '/google'],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await api(method, url, { authorization: '' }, payload)).statusCode, `${method} ${url}`).toBe(401);
      const refused = await api(method, url, oauth, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.code).toBe('insufficient_scope');
    }
    // The service's token changed nothing: Hornbach stays linked, nothing else is.
    const links = await linksOf(friend);
    expect(links.hornbach.linked).toBe(true);
    expect(links.google.linked).toBe(false);
    expect((await api('DELETE', '/google', friend)).statusCode).toBe(204);
  });

  it('shows a link made through the web login, for each platform, with its client and time', async () => {
    const before = Date.now() - 1000;
    await webLink(GOOGLE);
    await webLink(ALEXA);
    await webLink(HORNBACH);
    const links = await linksOf(owner);
    for (const [platform, client] of [
      ['alexa', ALEXA],
      ['google', GOOGLE],
      ['hornbach', HORNBACH],
    ] as const) {
      expect(links[platform]).toMatchObject({ platform, linked: true, client_id: client.clientId });
      expect(Date.parse(links[platform].linked_since!)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(links[platform].linked_since!)).toBeLessThanOrEqual(Date.now());
    }
    // A third party such as Home Assistant is no voice platform: it shows nowhere.
    // And another account sees none of it.
    expect((await linksOf(friend)).google.linked).toBe(false);
    expect((await api('DELETE', '/google', owner)).statusCode).toBe(204);
    expect((await api('DELETE', '/alexa', owner)).statusCode).toBe(204);
  });

  it('is not linked by a sign-in whose code the service never redeemed', async () => {
    const { code } = await authorizedCode(t.app, GOOGLE, {
      account: DEMO.friend.email,
      password: DEMO.friend.password,
    });
    expect(code).toBeTruthy();
    expect((await linksOf(friend)).google.linked).toBe(false);
  });

  it('App Flip: mints a code Google redeems without PKCE, with its secret and redirect URI; the link shows linked', async () => {
    const response = await appFlip(friend, validFlip);
    expect(response.statusCode).toBe(200);
    const { code } = response.json<{ code: string }>();
    expect(code).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    // Not with another redirect URI, nor by another client.
    expect((await redeem(code, `${GOOGLE.redirectUri}/`)).json().error).toBe('invalid_grant');
    const tokens = await redeem(code);
    expect(tokens.statusCode).toBe(200);
    const issued = tokens.json<{ access_token: string; refresh_token: string; scope: string }>();
    expect(issued.scope.split(' ').sort()).toEqual(['mower:control', 'mower:read']);
    const mowers = await mowersWith(t.app, issued.access_token);
    expect(mowers.statusCode).toBe(200);
    expect(mowers.json().mowers.map((mower: { serial_number: string }) => mower.serial_number)).toContain(
      DEMO.mowers.notShared.serial,
    );

    const links = await linksOf(friend);
    expect(links.google).toMatchObject({ linked: true, client_id: 'google' });
    // Single-use: a replay is refused (and, as for any code, ends what it issued).
    expect((await redeem(code)).statusCode).toBe(400);
    expect((await linksOf(friend)).google.linked).toBe(false);
  });

  it('keeps the grant of a code nobody redeems minutes only, and a redeemed one a year: App Flip and the web login', async () => {
    const grantsOfFriend = async () =>
      new Map(
        (
          await t.db
            .selectFrom('oauth_records')
            .select(['id', 'expires_at'])
            .where('model', '=', 'Grant')
            .where('client_id', '=', 'google')
            .where('account_id', '=', DEMO.friend.id)
            .execute()
        ).map((row) => [row.id, Date.parse(row.expires_at!)]),
      );
    /** The grant `act` made, and how long it lives from now (ms). */
    const grantMadeBy = async (act: () => Promise<unknown>) => {
      const before = await grantsOfFriend();
      await act();
      const made = [...(await grantsOfFriend())].filter(([id]) => !before.has(id));
      expect(made).toHaveLength(1);
      return made[0]![0];
    };
    const lifeOf = async (grantId: string) => (await grantsOfFriend()).get(grantId)! - Date.now();
    const year = 365 * 24 * 60 * 60_000;

    let code = '';
    const flipped = await grantMadeBy(
      async () => ({ code } = (await appFlip(friend, validFlip)).json<{ code: string }>()),
    );
    // Long enough for its code (60 s), not more than UNREDEEMED_GRANT_TTL.
    expect(await lifeOf(flipped)).toBeGreaterThan(60_000);
    expect(await lifeOf(flipped)).toBeLessThanOrEqual(UNREDEEMED_GRANT_TTL * 1000);
    expect((await redeem(code)).statusCode).toBe(200);
    expect(await lifeOf(flipped)).toBeGreaterThan(year - 60_000);

    let signIn: { code: string; verifier: string } | undefined;
    const signedIn = await grantMadeBy(async () => {
      signIn = await authorizedCode(t.app, GOOGLE, { account: DEMO.friend.email, password: DEMO.friend.password });
    });
    expect(await lifeOf(signedIn)).toBeLessThanOrEqual(UNREDEEMED_GRANT_TTL * 1000);
    expect((await exchangeCode(t.app, signIn!.code, signIn!.verifier, GOOGLE)).statusCode).toBe(200);
    expect(await lifeOf(signedIn)).toBeGreaterThan(year - 60_000);

    // An App Flip nobody finishes is gone with the sweep once its minutes are over; the links stay.
    const abandoned = await grantMadeBy(() => appFlip(friend, validFlip));
    await sweepExpired(t.db, new Date(Date.now() + UNREDEEMED_GRANT_TTL * 1000 + 1_000));
    const left = await grantsOfFriend();
    expect([left.has(abandoned), left.has(flipped), left.has(signedIn)]).toEqual([false, true, true]);
    expect((await api('DELETE', '/google', friend)).statusCode).toBe(204);
  });

  it('App Flip: a code is refused to another client and with a code_verifier it never had', async () => {
    const { code } = (await appFlip(friend, validFlip)).json<{ code: string }>();
    const other = await tokenRequest(
      t.app,
      { grant_type: 'authorization_code', code, redirect_uri: GOOGLE.redirectUri },
      ALEXA.clientId,
      ALEXA.secret,
    );
    expect(other.json().error).toBe('invalid_grant');
    const { code: second } = (await appFlip(friend, validFlip)).json<{ code: string }>();
    const withVerifier = await tokenRequest(
      t.app,
      {
        grant_type: 'authorization_code',
        code: second,
        redirect_uri: GOOGLE.redirectUri,
        code_verifier: pkcePair().verifier,
      },
      GOOGLE.clientId,
      GOOGLE.secret,
    );
    expect(withVerifier.json().error).toBe('invalid_grant');
  });

  it('App Flip: an empty scope gets the default, both scopes', async () => {
    const { code } = (await appFlip(friend, { ...validFlip, scope: '' })).json<{ code: string }>();
    const tokens = await redeem(code);
    expect(tokens.json().scope.split(' ').sort()).toEqual(['mower:control', 'mower:read']);
    const { code: readOnly } = (await appFlip(friend, { ...validFlip, scope: 'mower:read' })).json<{ code: string }>();
    expect((await redeem(readOnly)).json().scope).toBe('mower:read');
    expect((await api('DELETE', '/google', friend)).statusCode).toBe(204);
  });

  it('still requires PKCE for codes from the authorization endpoint, Google’s included', async () => {
    const { code } = await authorizedCode(t.app, GOOGLE, {
      account: DEMO.friend.email,
      password: DEMO.friend.password,
    });
    const withoutVerifier = await redeem(code);
    expect(withoutVerifier.statusCode).toBe(400);
    expect(withoutVerifier.json().error).toBe('invalid_grant');
  });

  it('App Flip: refuses a client id, redirect URI or scope that is not the registered Google client’s, and issues nothing', async () => {
    const before = await googleRecords();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validFlip, client_id: 'unknown-client' }, 'body.client_id'],
      [{ ...validFlip, client_id: 'demo-client', redirect_uri: 'http://127.0.0.1:8765/callback' }, 'body.client_id'],
      [{ ...validFlip, client_id: 'alexa', redirect_uri: ALEXA.redirectUri }, 'body.client_id'],
      [{ ...validFlip, client_id: 'GOOGLE' }, 'body.client_id'],
      [
        { ...validFlip, redirect_uri: 'https://oauth-redirect.googleusercontent.com/r/another-project' },
        'body.redirect_uri',
      ],
      [{ ...validFlip, redirect_uri: `${GOOGLE.redirectUri}/` }, 'body.redirect_uri'],
      [{ ...validFlip, redirect_uri: `${GOOGLE.redirectUri}?next=https://evil.example` }, 'body.redirect_uri'],
      [{ ...validFlip, redirect_uri: 'https://evil.example/' }, 'body.redirect_uri'],
      [{ ...validFlip, scope: 'mower:read admin' }, 'body.scope'],
    ];
    for (const [body, field] of cases) {
      const response = await appFlip(friend, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_client', field });
    }
    expect(await googleRecords()).toEqual(before);
    expect((await linksOf(friend)).google.linked).toBe(false);
  });

  it('answers bad input with 400 naming the field', async () => {
    const missing = await appFlip(friend, { client_id: 'google', scope: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'invalid_request', field: 'body.redirect_uri' });
    const wrongType = await appFlip(friend, { ...validFlip, scope: 7 });
    expect(wrongType.json().error).toMatchObject({ code: 'invalid_request', field: 'body.scope' });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/voice-links/google/app-flip',
      headers: { ...friend, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
    for (const [body, field] of [
      [{ state: 'abc' }, 'body.code'],
      [{ code: 'abc' }, 'body.state'],
      [{ code: 'has space', state: 'abc' }, 'body.code'],
      [{ code: 'abc', state: 'x'.repeat(300) }, 'body.state'],
    ] as const) {
      const response = await api('POST', '/alexa/complete', friend, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.field).toBe(field);
    }
  });

  it('unlinks Google: every grant ends, its refresh and access tokens stop working at once; a retry is a 204', async () => {
    const viaWeb = await webLink(GOOGLE, { account: DEMO.friend.email, password: DEMO.friend.password });
    const viaFlip = (await redeem((await appFlip(friend, validFlip)).json().code)).json<{
      access_token: string;
      refresh_token: string;
    }>();
    const hornbach = await webLink(HORNBACH, { account: DEMO.friend.email, password: DEMO.friend.password });
    const ownerGoogle = await webLink(GOOGLE);
    expect((await linksOf(friend)).google.linked).toBe(true);

    expect((await api('DELETE', '/google', friend)).statusCode).toBe(204);
    for (const tokens of [viaWeb, viaFlip]) {
      const refused = await refresh(tokens.refresh_token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('invalid_grant');
      expect((await mowersWith(t.app, tokens.access_token)).statusCode).toBe(401);
    }
    const links = await linksOf(friend);
    expect(links.google).toEqual({ platform: 'google', linked: false, linked_since: null, client_id: null });
    // Other platforms and other accounts keep theirs.
    expect(links.hornbach.linked).toBe(true);
    expect((await refresh(hornbach.refresh_token, HORNBACH)).statusCode).toBe(200);
    expect((await refresh(ownerGoogle.refresh_token)).statusCode).toBe(200);
    expect((await linksOf(owner)).google.linked).toBe(true);

    expect((await api('DELETE', '/google', friend)).statusCode).toBe(204);
    expect((await api('DELETE', '/google', owner)).statusCode).toBe(204);
  });

  it('shows an unlink made on the service’s side (token revocation), and links again in the same browser afterwards', async () => {
    const jar = new CookieJar();
    const tokens = await webLink(GOOGLE, { jar });
    expect((await linksOf(owner)).google.linked).toBe(true);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(GOOGLE.clientId, GOOGLE.secret),
      },
      payload: new URLSearchParams({ token: tokens.refresh_token, token_type_hint: 'refresh_token' }).toString(),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await linksOf(owner)).google.linked).toBe(false);

    // The browser still has its sign-in, whose grant is gone: linking again makes a new one.
    const again = await webLink(GOOGLE, { jar });
    expect((await refresh(again.refresh_token)).statusCode).toBe(200);
    expect((await linksOf(owner)).google.linked).toBe(true);
    expect((await api('DELETE', '/google', owner)).statusCode).toBe(204);
  });

  it('keeps a link when the web login’s sign-in session ends', async () => {
    const tokens = await webLink(GOOGLE);
    await t.db.deleteFrom('oauth_records').where('model', '=', 'Session').execute();
    expect((await linksOf(owner)).google.linked).toBe(true);
    const refreshed = await refresh(tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect((await mowersWith(t.app, refreshed.json().access_token)).statusCode).toBe(200);
    expect((await api('DELETE', '/google', owner)).statusCode).toBe(204);
  });
});
