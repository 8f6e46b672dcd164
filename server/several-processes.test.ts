/**
 * Two server processes on one PostgreSQL behave as one (issue 14, item 10; docs/decisions/013-several-processes.md):
 * the sign-in throttle and the rate limits count across both, an OAuth authorization started on one finishes on
 * the other, a refresh (the app's or a linked service's) retried on the other process gets the first answer
 * again, and a session ended or a linked service's token revoked on one stops working on the other at once, not
 * when a cache lets it go. The processes are real (`node server/main.ts`, as `npm start` runs it), each on its own
 * port, as behind a proxy that sends each request wherever it likes. Needs TEST_POSTGRES_URL (CI sets it).
 */
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './db/seed.ts';
import { FetchCookieJar } from './testing/cookie-jar.ts';
import { freePort, ServerProcess as Server, withPostgres } from './testing/server-process.ts';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const root = new URL('..', import.meta.url).pathname;
const DATABASE = `navimow_processes_${randomBytes(4).toString('hex')}`;

const admin = <T>(work: (client: pg.Client) => Promise<T>) => withPostgres(postgresUrl!, work);

const login = (server: Server, account: string, password: string) =>
  fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });

describe.skipIf(!postgresUrl)('two server processes on one PostgreSQL', () => {
  let a: Server | undefined;
  let b: Server | undefined;

  beforeAll(async () => {
    await admin((client) => client.query(`CREATE DATABASE ${DATABASE}`));
    const url = new URL(postgresUrl!);
    url.pathname = `/${DATABASE}`;
    const [portA, portB] = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: url.href,
      NAVIMOW_DEMO: 'on',
      // One public origin, as behind a proxy; the cookie keys every process must share to finish each other's work.
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      OAUTH_COOKIE_KEYS: 'processes-test-key-0123456789abcdef',
      LOGIN_REQUESTS_PER_MINUTE: '12',
      MQTT_PORT: '0',
      WEB_ROOT: `${root}server/testing/no-web-build`,
    };
    // The first migrates and seeds the fresh database; the second starts on it as a later process would.
    a = await new Server(portA, env).start();
    b = await new Server(portB, env).start();
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
  }, 30_000);

  it('ends a session on one process and the other refuses its token at once', async () => {
    const { access_token: token } = (await (await login(a!, DEMO.owner.email, DEMO.owner.password)).json()) as {
      access_token: string;
    };
    const bearer = { authorization: `Bearer ${token}` };
    // The other process has verified (and cached) the token.
    expect((await fetch(`${b!.base}/api/mowers`, { headers: bearer })).status).toBe(200);
    expect((await fetch(`${a!.base}/api/auth/logout`, { method: 'POST', headers: bearer })).status).toBe(204);
    // Without the news from the first process, the second's cache would accept the token for up to 10 s more.
    const deadline = Date.now() + 1_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline)
      status = (await fetch(`${b!.base}/api/mowers`, { headers: bearer })).status;
    expect(status).toBe(401);
  });

  it('answers a refresh retried on the other process, or sent to both at once, with the same new tokens', async () => {
    const { refresh_token: refreshToken } = (await (await login(a!, DEMO.owner.email, DEMO.owner.password)).json()) as {
      refresh_token: string;
    };
    const refresh = (server: Server) =>
      fetch(`${server.base}/api/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
    const answers = [...(await Promise.all([a!, b!, a!, b!].map(refresh))), await refresh(b!)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const tokens = (await Promise.all(answers.map((answer) => answer.json()))) as { access_token: string }[];
    expect(new Set(tokens.map((token) => token.access_token)).size).toBe(1);
    const bearer = { authorization: `Bearer ${tokens[0]!.access_token}` };
    expect((await fetch(`${a!.base}/api/mowers`, { headers: bearer })).status).toBe(200);
    expect((await fetch(`${b!.base}/api/mowers`, { headers: bearer })).status).toBe(200);
  });

  it('finishes on one process an OAuth authorization started on the other', async () => {
    const cookies = new FetchCookieJar();
    const verifier = randomBytes(32).toString('base64url');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'demo-client',
      redirect_uri: 'http://127.0.0.1:8765/callback',
      scope: 'mower:read',
      state: 'across',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const authorize = await fetch(`${a!.base}/oauth/authorize?${query}`, { redirect: 'manual' });
    await cookies.keep(authorize);
    const uid = authorize.headers.get('location')!.split('/').at(-1)!;
    const loginUrl = `${b!.base}/oauth/interaction/${uid}/login`;
    const signedIn = await fetch(loginUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await cookies.header(loginUrl) },
      body: JSON.stringify({ account: DEMO.owner.email, password: DEMO.owner.password }),
    });
    expect(signedIn.status).toBe(200);
    await cookies.keep(signedIn);
    const { redirect_to: redirectTo } = (await signedIn.json()) as { redirect_to: string };
    const resumeUrl = new URL(new URL(redirectTo, a!.base).pathname + new URL(redirectTo, a!.base).search, a!.base);
    const resumed = await fetch(resumeUrl, {
      redirect: 'manual',
      headers: { cookie: await cookies.header(resumeUrl) },
    });
    const callback = new URL(resumed.headers.get('location')!);
    expect(callback.searchParams.get('state')).toBe('across');
    const token = await fetch(`${b!.base}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('demo-client:demo-secret').toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        code_verifier: verifier,
        redirect_uri: 'http://127.0.0.1:8765/callback',
      }),
    });
    expect(token.status).toBe(200);
    const { refresh_token: refreshToken } = (await token.json()) as { refresh_token: string };

    // Its refresh sent to both processes at once, and retried on the first: one rotation, one answer everywhere.
    const refresh = (server: Server) =>
      fetch(`${server.base}/oauth/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('demo-client:demo-secret').toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
      });
    const refreshed = [...(await Promise.all([a!, b!].map(refresh))), await refresh(a!)];
    expect(refreshed.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const answers = (await Promise.all(refreshed.map((answer) => answer.json()))) as { access_token: string }[];
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const { access_token: accessToken } = answers[0]!;
    const bearer = { authorization: `Bearer ${accessToken}` };
    expect((await fetch(`${a!.base}/api/mowers`, { headers: bearer })).status).toBe(200);

    // The linked service's token, verified (and cached) by the second process, is revoked on the first: refused at once.
    expect((await fetch(`${b!.base}/openapi/smarthome/authList`, { headers: bearer })).status).toBe(200);
    const revoked = await fetch(`${a!.base}/oauth/revoke`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('demo-client:demo-secret').toString('base64')}`,
      },
      body: new URLSearchParams({ token: accessToken, token_type_hint: 'access_token' }),
    });
    expect(revoked.status).toBe(200);
    const deadline = Date.now() + 1_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline)
      status = (await fetch(`${b!.base}/openapi/smarthome/authList`, { headers: bearer })).status;
    expect(status).toBe(401);
  });

  it('counts sign-in failures of both processes together', async () => {
    // Five failures of one account from one address, spread over both processes: the sixth waits, on either.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      statuses.push((await login(attempt % 2 ? b! : a!, DEMO.friend.email, 'wrong-password')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const [onA, onB] = await Promise.all([
      login(a!, DEMO.friend.email, DEMO.friend.password),
      login(b!, DEMO.friend.email, DEMO.friend.password),
    ]);
    expect([onA.status, onB.status]).toEqual([429, 429]);
  });

  it('holds a rate limit for both processes together', async () => {
    // 12 sign-in requests a minute per address (LOGIN_REQUESTS_PER_MINUTE above), whichever process takes them; the
    // tests before used some. Unknown accounts, so that only the rate limit can refuse.
    const statuses: number[] = [];
    for (let request = 0; request < 14; request += 1) {
      statuses.push((await login(request % 2 ? b! : a!, `nobody-${request}@navimow.example`, 'whatever')).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(12);
    expect(statuses.at(-1)).toBe(429);
  });
});
