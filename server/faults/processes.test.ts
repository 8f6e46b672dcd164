/**
 * One of two server processes dies or is restarted under load (issue 35; docs/operations.md, "Server processes"):
 * two real processes (`node server/main.ts`) on one PostgreSQL behind a reverse proxy that sends a request to the
 * other process when it cannot reach one (nginx's `proxy_next_upstream error timeout non_idempotent`, decision
 * record 013). Under a mixed load of reads, comments, mark-read and refresh rotations, (a) one killed with SIGKILL
 * and (b) a rolling restart (SIGTERM one, start it again, then the other) give no failed request, and every
 * acknowledged comment is stored exactly once. Needs TEST_POSTGRES_URL (CI sets it).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, request as httpRequest, type Server } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../db/seed.ts';
import { freePort, ServerProcess, withPostgres } from '../testing/server-process.ts';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const root = new URL('../..', import.meta.url).pathname;
const DATABASE = `navimow_faults_${randomBytes(4).toString('hex')}`;

const admin = <T>(work: (client: pg.Client) => Promise<T>) => withPostgres(postgresUrl!, work);

/**
 * The reverse proxy of docs/decisions/013-several-processes.md in a few lines: round robin, a new connection to the
 * process for each request (nginx's default), and a request that could not be sent or answered (refused, reset
 * before the answer's header) sent to the next process, whatever its method.
 */
function startProxy(upstreams: readonly number[]): Promise<{ server: Server; port: number }> {
  let next = 0;
  const forward = (incoming: IncomingMessage, body: Buffer, first: number, attempt = 0): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const port = upstreams[(first + attempt) % upstreams.length]!;
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: incoming.method,
          path: incoming.url,
          agent: false,
          headers: {
            ...incoming.headers,
            connection: 'close',
            'x-forwarded-for': [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
              .filter(Boolean)
              .join(', '),
          },
        },
        resolve,
      );
      outgoing.on('error', (error) =>
        attempt + 1 < upstreams.length
          ? forward(incoming, body, first, attempt + 1).then(resolve, reject)
          : reject(error),
      );
      outgoing.end(body);
    });
  const server = createHttpServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      forward(incoming, Buffer.concat(chunks), next++).then(
        (answer) => {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
        },
        () => response.writeHead(502).end(),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port })),
  );
}

interface Load {
  stop(): Promise<void>;
  requests: number;
  failures: string[];
  /** The idempotency keys of the comments the server acknowledged. */
  acknowledged: string[];
  /** Each worker's tokens at the end: still working, as nothing ended a session. */
  tokens: string[];
  /** In the text of this load's comments. */
  tag: string;
}

/**
 * Six clients, each from an address of its own (the proxy appends it to `X-Forwarded-For`, as nginx does), each
 * signed in, reading, commenting (with an idempotency key, as the comment tool sends), marking all read and
 * rotating its refresh token, until stopped.
 */
async function startLoad(base: string): Promise<Load> {
  const load: Load = {
    requests: 0,
    failures: [],
    acknowledged: [],
    tokens: [],
    tag: randomBytes(4).toString('hex'),
    stop: async () => {},
  };
  let running = true;
  const call = async (client: string, method: string, path: string, body?: unknown, authorization?: string) => {
    load.requests += 1;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          'x-forwarded-for': client,
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(authorization && { authorization: `Bearer ${authorization}` }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status >= 300) load.failures.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
      return response.status < 300 && text
        ? (JSON.parse(text) as Record<string, unknown>)
        : response.status < 300
          ? {}
          : undefined;
    } catch (error) {
      load.failures.push(`${method} ${path}: ${String(error)}`);
      return undefined;
    }
  };
  // Within the limits of one client: 30 comments and 30 refreshes a minute (the tests together last about one).
  const worker = async (client: string, signedIn: Record<string, unknown>) => {
    let access = signedIn.access_token as string;
    let refresh = signedIn.refresh_token as string;
    let commentAt = 0;
    let refreshAt = Date.now() + 1000;
    for (let round = 0; running; round += 1) {
      await call(client, 'GET', '/api/mowers', undefined, access);
      if (Date.now() >= commentAt) {
        commentAt = Date.now() + 2500;
        const key = randomUUID();
        const comment = { rating: 5, comment: `fault ${load.tag} ${key}`, idempotency_key: key };
        if (await call(client, 'POST', '/api/comments', comment, access)) load.acknowledged.push(key);
      }
      if (round % 4 === 1) {
        const read = { category: 'all', up_to: new Date().toISOString() };
        await call(client, 'POST', '/api/messages/mark-all-read', read, access);
      }
      if (Date.now() >= refreshAt) {
        refreshAt = Date.now() + 2500;
        const rotated = await call(client, 'POST', '/api/auth/refresh', { refresh_token: refresh });
        if (rotated) {
          access = rotated.access_token as string;
          refresh = rotated.refresh_token as string;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    load.tokens.push(access);
  };
  // Signed in one after the other, before the load starts: the sign-in throttle spaces one account's attempts.
  const sessions: [string, Record<string, unknown>][] = [];
  for (let index = 0; index < 6; index += 1) {
    const client = `203.0.113.${10 + index}`;
    const account = index % 2 ? DEMO.friend : DEMO.owner;
    const signedIn = await call(client, 'POST', '/api/auth/login', {
      account: account.email,
      password: account.password,
    });
    if (signedIn) sessions.push([client, signedIn]);
  }
  const workers = Promise.all(sessions.map(([client, signedIn]) => worker(client, signedIn)));
  load.stop = async () => {
    running = false;
    await workers;
  };
  return load;
}

describe.skipIf(!postgresUrl)('two server processes behind a proxy, one of them killed or restarted under load', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let proxy: { server: Server; port: number };
  let base: string;

  beforeAll(async () => {
    await admin((client) => client.query(`CREATE DATABASE ${DATABASE}`));
    const url = new URL(postgresUrl!);
    url.pathname = `/${DATABASE}`;
    const [portA, portB] = [await freePort(), await freePort()];
    proxy = await startProxy([portA, portB]);
    base = `http://127.0.0.1:${proxy.port}`;
    const env = {
      DATABASE_URL: url.href,
      NAVIMOW_DEMO: 'on',
      PUBLIC_URL: base,
      OAUTH_COOKIE_KEYS: 'faults-test-key-0123456789abcdef',
      TRUST_PROXY: 'loopback',
      MQTT_PORT: '0',
      WEB_ROOT: `${root}server/testing/no-web-build`,
    };
    a = new ServerProcess(portA, env);
    b = new ServerProcess(portB, env);
    // The first migrates and seeds the fresh database.
    await a.start();
    await b.start();
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop('SIGTERM'), b?.stop('SIGTERM')]);
    await new Promise((resolve) => proxy?.server.close(resolve));
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`));
  }, 30_000);

  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Every acknowledged comment stored once, none stored that was not acknowledged; every session still works. */
  async function expectNothingLost(load: Load) {
    expect(load.failures).toEqual([]);
    expect(load.acknowledged.length).toBeGreaterThan(10);
    const url = new URL(postgresUrl!);
    url.pathname = `/${DATABASE}`;
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    try {
      const { rows: stored } = await client.query<{ idempotency_key: string; copies: string }>(
        'SELECT idempotency_key, count(*) AS copies FROM comments WHERE comment LIKE $1 GROUP BY idempotency_key',
        [`fault ${load.tag} %`],
      );
      const copies = new Map(stored.map((row) => [row.idempotency_key, Number(row.copies)]));
      expect(load.acknowledged.filter((key) => copies.get(key) !== 1)).toEqual([]);
      expect([...copies.keys()].filter((key) => !load.acknowledged.includes(key))).toEqual([]);
    } finally {
      await client.end();
    }
    for (const token of load.tokens)
      expect((await fetch(`${base}/api/mowers`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  }

  it('serves every request when one process is killed with SIGKILL, and loses or doubles no write', async () => {
    const load = await startLoad(base);
    await settle(2000);
    expect(await a.stop('SIGKILL')).toBeNull();
    await settle(3000);
    await load.stop();
    await a.start();
    expect(load.requests).toBeGreaterThan(100);
    await expectNothingLost(load);
  }, 60_000);

  it('serves every request through a rolling restart (SIGTERM drains each in turn), and loses no write', async () => {
    const load = await startLoad(base);
    await settle(1500);
    for (const process of [b, a]) {
      // It stops taking connections, answers what it took, and exits 0.
      expect(await process.stop('SIGTERM')).toBe(0);
      await settle(500);
      await process.start();
      await settle(1000);
    }
    await load.stop();
    expect(load.requests).toBeGreaterThan(100);
    await expectNothingLost(load);
  }, 120_000);
});
