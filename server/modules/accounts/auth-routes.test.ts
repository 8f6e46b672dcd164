import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { SIGN_IN_LIMITS } from './login-throttle.ts';
import { REFRESH_RETRY_GRACE_MS, UNANSWERED_REFRESH_RETRY_MS } from './refresh-retries.ts';
import { hashToken, sweepSessionRetryAnswers } from './sessions.ts';
import { WRONG_CREDENTIALS } from './sign-in.ts';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

describe.each(testDatabaseKinds)('first-party sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
  const freshSession = async () =>
    (await login({ account: DEMO.owner.email, password: DEMO.owner.password })).json<Tokens>();
  // Each test refreshes from its own address, so that no test meets the refresh flood limit set off by another.
  const refreshWith = (refreshToken: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: refreshToken }, remoteAddress });
  const apiStatus = async (accessToken: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/mowers', headers: { authorization: `Bearer ${accessToken}` } }))
      .statusCode;
  /** Moves the clock past the retry grace of every refresh so far (undone by `vi.useRealTimers`). */
  const pastTheGrace = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + REFRESH_RETRY_GRACE_MS + 1_000);
  };

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
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: refreshToken },
    });
    const mowers = await t.app.inject({
      method: 'GET',
      url: '/api/mowers',
      headers: { authorization: `Bearer ${refreshed.json().access_token}` },
    });
    const failed = await login({ account: DEMO.owner.email, password: 'wrong' });
    const unauthorized = await t.app.inject({
      method: 'GET',
      url: '/api/mowers',
      headers: { authorization: `Bearer ${accessToken}` },
    });
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

  it('rotates tokens on refresh; the old refresh and access tokens stop working, and the old refresh token used again ends the session', async () => {
    const first = await freshSession();
    expect(await apiStatus(first.access_token)).toBe(200);
    const refreshed = await refreshWith(first.refresh_token, '192.0.2.20');
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json<Tokens>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await apiStatus(first.access_token)).toBe(401);
    // Used first, so a cache of verified tokens would know it: the replay must still end it at once.
    expect(await apiStatus(second.access_token)).toBe(200);
    // The new refresh token used: its answer arrived, so the old token has no retry left.
    const third = (await refreshWith(second.refresh_token, '192.0.2.20')).json<Tokens>();

    // Whoever presents a used refresh token after the grace, the thief or the client it was stolen from, the
    // server cannot tell them apart: the session ends, its current tokens with it (RFC 9700 section 4.14.2).
    pastTheGrace();
    const replay = await refreshWith(first.refresh_token, '192.0.2.20');
    vi.useRealTimers();
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('invalid_grant');
    expect(await apiStatus(third.access_token)).toBe(401);
    expect((await refreshWith(third.refresh_token, '192.0.2.20')).statusCode).toBe(401);
  });

  it('ends a stolen session when the app it was stolen from refreshes, however often the thief rotated it', async () => {
    const beside = await t.signIn();
    const stolen = await freshSession();
    try {
      // The thief refreshes first, and again later; the app still holds the token that was stolen.
      const thief = (await refreshWith(stolen.refresh_token, '198.51.100.66')).json<Tokens>();
      pastTheGrace();
      const kept = (await refreshWith(thief.refresh_token, '198.51.100.66')).json<Tokens>();
      expect(await apiStatus(kept.access_token)).toBe(200);
      pastTheGrace();
      const app = await refreshWith(stolen.refresh_token, '192.0.2.21');
      expect(app.statusCode).toBe(401);
      expect(await apiStatus(kept.access_token)).toBe(401);
      expect((await refreshWith(kept.refresh_token, '198.51.100.66')).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    // The app signs in again into a new session; other sessions of the account were never touched.
    expect((await t.app.inject({ method: 'GET', url: '/api/mowers', headers: beside })).statusCode).toBe(200);
    expect(await apiStatus((await freshSession()).access_token)).toBe(200);
  });

  it('refuses a late retry of a refresh token replaced twice within the grace, and ends the session only after it', async () => {
    const first = await freshSession();
    const second = (await refreshWith(first.refresh_token, '192.0.2.22')).json<Tokens>();
    const third = (await refreshWith(second.refresh_token, '192.0.2.22')).json<Tokens>();
    // The answer it would get again holds tokens already replaced: refused, but the client's own retry ends nothing.
    expect((await refreshWith(first.refresh_token, '192.0.2.22')).statusCode).toBe(401);
    expect(await apiStatus(third.access_token)).toBe(200);

    pastTheGrace();
    const replay = await refreshWith(first.refresh_token, '192.0.2.22');
    vi.useRealTimers();
    expect(replay.statusCode).toBe(401);
    expect(await apiStatus(third.access_token)).toBe(401);
  });

  it('lets no rotation survive a replay racing it, and no replay within the grace end a session or take it over', async () => {
    // Several sessions at once, the rotation sent first in some and the replay in the others, so that on PostgreSQL
    // the two meet in the database in either order.
    const rounds = 4;
    const address = (round: number) => `192.0.2.${30 + round}`;
    const race = (round: number, rotated: string, replayed: string) => {
      const [rotation, replay] = [
        () => refreshWith(rotated, address(round)),
        () => refreshWith(replayed, address(round)),
      ];
      return round % 2 === 0
        ? Promise.all([rotation(), replay()])
        : Promise.all([replay(), rotation()]).then(([replayed, rotated]) => [rotated, replayed] as const);
    };
    // Signed in first (argon2 is slow on purpose), so that all the first refreshes are well within their grace below;
    // one after the other, as the sign-in throttle counts parallel attempts on one account as failures until proven.
    const firsts: Tokens[] = [];
    for (let round = 0; round < rounds; round += 1) firsts.push(await freshSession());
    const sessions = await Promise.all(
      firsts.map(async (first, round) => ({
        first,
        second: (await refreshWith(first.refresh_token, address(round))).json<Tokens>(),
      })),
    );

    // Within the grace of the first refresh token: it is the client's own retry. Either it comes first and gets the
    // answer it had (tokens the racing rotation then replaces), or it is refused; the session lives on with the
    // rotation's tokens.
    const withinGrace = await Promise.all(
      sessions.map(({ first, second }, round) => race(round, second.refresh_token, first.refresh_token)),
    );
    const thirds: Tokens[] = [];
    for (const [rotation, replay] of withinGrace) {
      expect(rotation.statusCode).toBe(200);
      const third = rotation.json<Tokens>();
      thirds.push(third);
      expect(await apiStatus(third.access_token)).toBe(200);
      if (replay.statusCode === 200) expect(await apiStatus(replay.json<Tokens>().access_token)).toBe(401);
      else expect(replay.statusCode).toBe(401);
    }

    // After the grace, a used token is theft: whichever comes first, the session ends and takes every token it
    // issued with it, the racing rotation's too.
    pastTheGrace();
    try {
      const afterGrace = await Promise.all(
        sessions.map(({ first }, round) => race(round, thirds[round]!.refresh_token, first.refresh_token)),
      );
      for (const [round, [rotation, replay]] of afterGrace.entries()) {
        expect(replay.statusCode).toBe(401);
        expect(await apiStatus(thirds[round]!.access_token)).toBe(401);
        if (rotation.statusCode === 200) {
          const fourth = rotation.json<Tokens>();
          expect(await apiStatus(fourth.access_token)).toBe(401);
          expect((await refreshWith(fourth.refresh_token, address(round))).statusCode).toBe(401);
        } else {
          expect(rotation.statusCode).toBe(401);
        }
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a refresh sent twice at once, or retried before its new token is used, with the same new tokens', async () => {
    const first = (await login({ account: DEMO.owner.email, password: DEMO.owner.password })).json();
    const refresh = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: first.refresh_token } });
    const answers = [...(await Promise.all(Array.from({ length: 10 }, refresh))), await refresh()];
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(11).fill(200));
    expect(new Set(answers.map((answer) => answer.json().access_token)).size).toBe(1);
    const mowers = await t.app.inject({
      method: 'GET',
      url: '/api/mowers',
      headers: { authorization: `Bearer ${answers[0]!.json().access_token}` },
    });
    expect(mowers.statusCode).toBe(200);

    // Its answer lost (the server went down after committing), the app retries minutes later: the same tokens still.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60 * 1000);
    const retried = await refresh();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(answers[0]!.json());
    // Once the new refresh token is used the answer arrived: the old one again is a replay.
    const next = await refreshWith(retried.json().refresh_token, '192.0.2.31');
    expect(next.statusCode).toBe(200);
    vi.setSystemTime(Date.now() + REFRESH_RETRY_GRACE_MS + 1_000);
    const late = await refresh();
    vi.useRealTimers();
    expect(late.statusCode).toBe(401);
    // A used refresh token whose successor was used: it ends the session as a thief's would.
    expect(await apiStatus(next.json<Tokens>().access_token)).toBe(401);
  });

  it('drops a kept answer once its window for an unanswered retry is over, and only then', async () => {
    const session = await freshSession();
    const rotated = (await refreshWith(session.refresh_token, '192.0.2.30')).json<Tokens>();
    const kept = async () =>
      (
        await t.db
          .selectFrom('sessions')
          .select('retry_answer')
          .where('previous_refresh_token_hash', '=', hashToken(session.refresh_token))
          .executeTakeFirstOrThrow()
      ).retry_answer;
    expect(await kept()).not.toBeNull();
    await sweepSessionRetryAnswers(t.db);
    expect(await kept()).not.toBeNull();
    await sweepSessionRetryAnswers(t.db, new Date(Date.now() + REFRESH_RETRY_GRACE_MS + 1_000));
    expect(await kept()).not.toBeNull();
    await sweepSessionRetryAnswers(t.db, new Date(Date.now() + UNANSWERED_REFRESH_RETRY_MS + 1_000));
    expect(await kept()).toBeNull();
    // The session itself lives on.
    expect(await apiStatus(rotated.access_token)).toBe(200);
    expect((await refreshWith(rotated.refresh_token, '192.0.2.30')).statusCode).toBe(200);
  });

  it('signs one session out without touching the others', async () => {
    const leaving = await t.signIn();
    const staying = await t.signIn();
    // Used first, so a cache of verified tokens would know it: signing out must still end it at once.
    expect((await t.app.inject({ method: 'GET', url: '/api/mowers', headers: leaving })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: leaving })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/mowers', headers: leaving })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/mowers', headers: staying })).statusCode).toBe(200);
  });

  it('limits the flood of sign-in requests from one address, whatever their outcome', async () => {
    const flooded = await createTestApp(kind, { loginRequestsPerMinute: 3 });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await flooded.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account: DEMO.owner.email, password: DEMO.owner.password },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Other addresses of the same IPv6 /64 are the same client.
    const fromNetwork = (address: string) =>
      flooded.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account: 'x@navimow.example', password: 'x' },
        remoteAddress: address,
      });
    const network = [];
    for (let i = 1; i <= 4; i += 1) network.push((await fromNetwork(`2001:db8:7:7::${i}`)).statusCode);
    expect(network).toEqual([401, 401, 401, 429]);
    await flooded.close();
  });

  describe('sign-in throttle', () => {
    let limited: TestApp;
    beforeEach(async () => {
      // The flood limit on sign-in requests is its own concern (and its own test); here only failures count.
      // The address-wide limit is lowered so the test checks fewer passwords (argon2 is slow on purpose); its real
      // value is tested in login-throttle.test.ts.
      limited = await createTestApp(kind, {
        loginRequestsPerMinute: 10_000,
        signInLimits: { ...SIGN_IN_LIMITS, address: { ...SIGN_IN_LIMITS.address, max: 20 } },
      });
    });
    afterEach(() => limited.close());

    const attempt = (account: string, password: string, address = '192.0.2.1') =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account, password },
        remoteAddress: address,
      });
    const checked = (responses: { statusCode: number }[]) =>
      responses.filter((response) => response.statusCode !== 429).length;

    it('lets no more parallel attempts check a password than the limit: 30 at once on one account, 5 checked', async () => {
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          attempt(DEMO.friend.email, i === 29 ? DEMO.friend.password : `wrong-${i}`),
        ),
      );
      expect(checked(responses)).toBe(5);
      const refused = responses.find((response) => response.statusCode === 429)!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error.code).toBe('rate_limited');
    });

    it('limits one address across accounts, in parallel too', async () => {
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => attempt(`stranger-${i}@navimow.example`, 'wrong', '100.64.0.1')),
      );
      expect(checked(responses)).toBe(20);
    });

    it('keeps a stranger from locking the owner out: the right password from a clean address gets in', async () => {
      const attacks = await Promise.all(
        Array.from({ length: 40 }, (_, i) => attempt(DEMO.friend.email, 'wrong', `203.0.113.${i % 8}`)),
      );
      expect(attacks.every((response) => [401, 429].includes(response.statusCode))).toBe(true);
      expect((await attempt(DEMO.friend.email, DEMO.friend.password, '198.51.100.7')).statusCode).toBe(200);
      // From an address that has been failing, the account is slowed down: a short wait, not a wall.
      const slowed = await attempt(DEMO.friend.email, DEMO.friend.password, '203.0.113.1');
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    });

    it('counts an IPv6 client per /64, so that its other addresses are no fresh start', async () => {
      for (let i = 1; i <= 5; i += 1)
        expect((await attempt(DEMO.friend.email, 'wrong', `2001:db8:1:2::${i}`)).statusCode).toBe(401);
      expect((await attempt(DEMO.friend.email, 'wrong', '2001:db8:1:2:ffff::6')).statusCode).toBe(429);
      expect((await attempt(DEMO.friend.email, 'wrong', '2001:db8:1:3::1')).statusCode).toBe(401);
    });

    it('behind a proxy, takes the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
      const proxied = await createTestApp(kind, { loginRequestsPerMinute: 10_000, trustProxy: ['loopback'] });
      // Each request claims a new address; the proxy on 127.0.0.1 appends the one it saw, as nginx and others do.
      const behindProxy = (i: number) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { account: DEMO.friend.email, password: 'wrong' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.9` },
        });
      const statuses = [];
      for (let i = 1; i <= 6; i += 1) statuses.push((await behindProxy(i)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      await proxied.close();
    });

    it('counts the failures of an account, not of the identifier it was named by: its phone number is throttled too', async () => {
      for (let i = 0; i < 5; i += 1) expect((await attempt(DEMO.owner.email, 'wrong')).statusCode).toBe(401);
      const byPhone = await attempt(DEMO.owner.phone, DEMO.owner.password);
      expect(byPhone.statusCode).toBe(429);
      expect(Number(byPhone.headers['retry-after'])).toBeGreaterThan(60);
    });

    it('throttles unknown accounts exactly like known ones', async () => {
      for (let i = 0; i < 5; i += 1) expect((await attempt('ghost@navimow.example', 'wrong')).statusCode).toBe(401);
      expect((await attempt('ghost@navimow.example', 'wrong')).statusCode).toBe(429);
    });
  });
});

describe.each(testDatabaseKinds)('sessions per account on %s (issue 34, item 9)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { sessionsPerAccount: 3 });
  });
  afterAll(() => t.close());

  const login = async (account: { email: string; password: string } = DEMO.owner) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account: account.email, password: account.password },
      })
    ).json<Tokens>();
  const apiStatus = async ({ access_token }: Tokens) =>
    (await t.app.inject({ method: 'GET', url: '/api/mowers', headers: { authorization: `Bearer ${access_token}` } }))
      .statusCode;

  it('signs the oldest out when a sign-in goes beyond the cap, its refresh token and MQTT pairs with it', async () => {
    const friend = await login(DEMO.friend);
    const oldest = await login();
    // Used first, so that a cache of verified tokens would know it.
    expect(await apiStatus(oldest)).toBe(200);
    const pair = await t.app.inject({
      method: 'GET',
      url: '/openapi/mqtt/userInfo/get/v2',
      headers: { authorization: `Bearer ${oldest.access_token}` },
    });
    expect(pair.statusCode).toBe(200);
    const kept = [await login(), await login()];
    expect(await apiStatus(oldest)).toBe(200);

    const newest = await login();
    expect(await apiStatus(oldest)).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: oldest.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    const userName = pair.json<{ data: { userName: string } }>().data.userName;
    expect(
      await t.db.selectFrom('mqtt_credentials').select('username').where('username', '=', userName).execute(),
    ).toEqual([]);
    for (const tokens of [...kept, newest, friend]) expect(await apiStatus(tokens)).toBe(200);
    const live = await t.db
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('accounts.email', '=', DEMO.owner.email)
      .where('sessions.revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(live.count)).toBe(3);
  });
});
