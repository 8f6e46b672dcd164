/**
 * `npm run bench:api`: loads the product's server (as `npm start` runs it: demo data, request logs, plus 100 000
 * messages for the demo owner) and a bare Fastify doing the same work as its reads (bench/bare-api-server.ts)
 * with autocannon on 127.0.0.1, on SQLite and, with TEST_POSTGRES_URL (or BENCH_POSTGRES_URL), on PostgreSQL:
 * the app's mower list and message page, the health check, the Navimow-compatible status API with a linked
 * service's token, and the token endpoint's refresh; it prints requests/s, p50, p99 and the ratio to the bare floor. Then
 * the mower list read while 50 tokens (app sessions and links of the demo owner) send commands at once to its two
 * mowers, most of which the command budget refuses (issue 25): the reads' figures beside the commands'. With a web
 * build (`npm run build`), other users' page loads (a message, each user from an address of its own) alone, during a
 * flood of pages with random ids from one address, and during a flood of authorization requests from one address
 * (issue 34): the others' p50 and p99 beside the flood's, its refusals and the sign-ins in progress it left stored.
 * A benchmark, not a test: figures vary with the machine and its load.
 *
 * Options (environment): BENCH_CONNECTIONS (100), BENCH_SECONDS (8), BENCH_ROUNDS (2), BENCH_DATABASES
 * (`sqlite,postgres`).
 *
 * Fails when a figure is outside the `api` budget of bench/budgets.json, naming each one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/database.ts';
import { FetchCookieJar } from '../server/testing/cookie-jar.ts';

const root = new URL('..', import.meta.url).pathname;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .filter((kind) => kind !== 'postgres' || postgresUrl);

/** The aim of issue 14 (bench/budgets.json). */
const budget = (
  JSON.parse(readFileSync(join(root, 'bench/budgets.json'), 'utf8')) as {
    api: { minFloorRatio: number; maxReadP99Ms: number; maxTokenP99Ms: number };
  }
).api;

const PRODUCT_PORT = 4711;
const BARE_PORT = 4712;
const DEMO = { account: 'demo@navimow.example', password: 'Navimow-demo-1' };
const OAUTH = { client: 'demo-client', secret: 'demo-secret', redirect: 'http://127.0.0.1:8765/callback' };

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [join(root, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A fresh database for each run: a temp SQLite file, or a new PostgreSQL database beside the test one. */
async function freshDatabase(kind: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'navimow-bench-'));
    return {
      url: `file:${join(dir, 'bench.sqlite')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS navimow_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE navimow_bench');
  await admin.end();
  const url = new URL(postgresUrl!);
  url.pathname = '/navimow_bench';
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query('DROP DATABASE IF EXISTS navimow_bench WITH (FORCE)');
      await client.end();
    },
  };
}

const base = `http://127.0.0.1:${PRODUCT_PORT}`;

async function signIn(): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

let links = 0;

/**
 * Links the demo client once through the OAuth flow (as its login page does) and returns the refresh token. Each link
 * from an address of its own, as the proxy on 127.0.0.1 says: the benchmark links hundreds of times a minute, far
 * beyond what the authorization endpoint takes from one address.
 */
async function linkedRefreshToken(): Promise<string> {
  links += 1;
  const from = { 'X-Forwarded-For': `10.255.${(links >> 8) & 255}.${links & 255}` };
  const cookies = new FetchCookieJar();
  const verifier = 'bench-verifier-'.padEnd(50, 'x');
  const challenge = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))).toString(
    'base64url',
  );
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: OAUTH.client,
    redirect_uri: OAUTH.redirect,
    scope: 'mower:read mower:control',
    state: 'bench',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const authorize = await fetch(`${base}/oauth/authorize?${query}`, { redirect: 'manual', headers: from });
  await cookies.keep(authorize);
  const uid = authorize.headers.get('location')!.split('/').at(-1)!;
  const loginUrl = `${base}/oauth/interaction/${uid}/login`;
  const login = await fetch(loginUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: await cookies.header(loginUrl), ...from },
    body: JSON.stringify(DEMO),
  });
  await cookies.keep(login);
  const { redirect_to: redirectTo } = (await login.json()) as { redirect_to: string };
  const resumeUrl = new URL(redirectTo, base);
  const resume = await fetch(resumeUrl, { redirect: 'manual', headers: { Cookie: await cookies.header(resumeUrl) } });
  const code = new URL(resume.headers.get('location')!).searchParams.get('code')!;
  const token = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`${OAUTH.client}:${OAUTH.secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: OAUTH.redirect,
    }),
  });
  return ((await token.json()) as { refresh_token: string }).refresh_token;
}

/** Swaps a refresh token of the demo client for an access token, as the linked service does before calling. */
async function serviceAccessToken(refreshToken: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`${OAUTH.client}:${OAUTH.secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections, duration: seconds, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Every request is a real refresh answered with new tokens: a request takes a refresh token from the pool, its
 * answer puts the new one back. (autocannon resets a connection's context after each request, so the pool is
 * shared; with one request in flight per connection it never runs dry.)
 */
function refreshLoad(tokens: string[]): autocannon.Options {
  const basic = `Basic ${Buffer.from(`${OAUTH.client}:${OAUTH.secret}`).toString('base64')}`;
  return {
    url: `${base}/oauth/token`,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
          body: new URLSearchParams({
            grant_type: 'refresh_token',
            refresh_token: tokens.shift() ?? 'exhausted',
          }).toString(),
        }),
        onResponse: (status, body) => {
          if (status === 200) tokens.push((JSON.parse(body) as { refresh_token: string }).refresh_token);
        },
      },
    ],
  };
}

/** Tokens sending commands at once in the command-load row. */
const COMMAND_TOKENS = 50;

/**
 * Each request a command from the next of `tokens` (a session or a linked service of the demo owner): start and stop
 * in turn, to the owned and the shared mower in turn, as many clients commanding the same mowers at once.
 */
function commandLoad(tokens: string[]): autocannon.Options {
  let next = 0;
  return {
    url: `${base}/openapi/smarthome/sendCommands`,
    connections: tokens.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const index = next++;
          const execution = { command: 'action.devices.commands.StartStop', params: { on: index % 4 < 2 } };
          return {
            ...request,
            headers: { authorization: `Bearer ${tokens[index % tokens.length]}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              commands: [{ devices: [{ id: index % 2 ? 'NVM-DEMO-0001' : 'NVM-DEMO-0002' }], execution }],
            }),
          };
        },
      },
    ],
  };
}

/** Connections of the other users' page loads and of each flood from one address (issue 34 measured at 16). */
const FLOOD_CONNECTIONS = 16;
/** The flooding address, as the server is told by its (trusted) proxy on 127.0.0.1. */
const FLOODER = '203.0.113.66';

/** Other users loading a message's page, each request from the next of 65 536 addresses: none near its limit. */
function otherUsersPages(): autocannon.Options {
  let next = 0;
  return {
    url: base,
    connections: FLOOD_CONNECTIONS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const index = next++;
          return {
            ...request,
            path: `/message-detail?id=bench-${index % 1000}`,
            headers: { 'x-forwarded-for': `10.${(index >> 8) & 255}.${index & 255}.1`, 'accept-encoding': 'br' },
          };
        },
      },
    ],
  };
}

/** One address asking for `path()` as fast as it can. */
function flood(path: () => string): autocannon.Options {
  return {
    url: base,
    connections: FLOOD_CONNECTIONS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: path(), headers: { 'x-forwarded-for': FLOODER } }),
      },
    ],
  };
}

const authorizeQuery = new URLSearchParams({
  response_type: 'code',
  client_id: OAUTH.client,
  redirect_uri: OAUTH.redirect,
  scope: 'mower:read',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
});

async function storedInteractions(url: string): Promise<number> {
  const { db } = openDatabase(url);
  try {
    const row = await db
      .selectFrom('oauth_records')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('model', '=', 'Interaction')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await db.destroy();
  }
}

/** A flood's figures: refusals (429) are the answer wanted, a redirect (the authorization endpoint's) too. */
function floodFigures(result: autocannon.Result): { figures: Figures; admitted: number; refused: number } {
  const refused = result.statusCodeStats?.['429']?.count ?? 0;
  const admitted = result.requests.total - refused;
  return {
    figures: {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx - refused - (result.statusCodeStats?.['303']?.count ?? 0),
    },
    admitted,
    refused,
  };
}

const webBuilt = existsSync(join(root, 'dist/web/index.html'));

const BENCH_MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const CATEGORIES = ['important', 'workLog', 'notification', 'system', 'device'] as const;

/** Fills the demo owner's inbox with messages over the last 60 days, in large batched inserts. */
async function seedMessages(url: string) {
  const { db } = openDatabase(url);
  const now = Date.now();
  const batch = 500;
  for (let start = 0; start < BENCH_MESSAGES; start += batch) {
    const rows = Array.from({ length: Math.min(batch, BENCH_MESSAGES - start) }, (_, offset) => {
      const index = start + offset;
      const createdAt = new Date(now - Math.floor((index / BENCH_MESSAGES) * 60 * 24 * 3600 * 1000)).toISOString();
      return { id: `bench-${index}`, category: CATEGORIES[index % CATEGORIES.length]!, createdAt };
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('messages')
        .values(
          rows.map((row) => ({
            id: row.id,
            mower_serial: 'NVM-DEMO-0001',
            category: row.category,
            type: 'mowingStarted',
            params: '{}',
            severity: 'info',
            fault_code: null,
            created_at: row.createdAt,
          })),
        )
        .execute();
      await trx
        .insertInto('message_inbox')
        .values(
          rows.map((row) => ({
            account_id: 'account-demo-owner',
            message_id: row.id,
            category: row.category,
            created_at: row.createdAt,
            read_at: null,
          })),
        )
        .execute();
    });
  }
  await db.destroy();
}

const rows: string[][] = [];
const overBudget: string[] = [];

for (const kind of databases) {
  const { url, drop } = await freshDatabase(kind);
  const product = start('server/main.ts', {
    PORT: String(PRODUCT_PORT),
    DATABASE_URL: url,
    NAVIMOW_DEMO: 'on',
    NAVIMOW_SIMULATOR: 'on',
    MQTT_PORT: '0',
    LOG_LEVEL: 'info',
    LOGIN_REQUESTS_PER_MINUTE: '100000',
    TOKEN_REQUESTS_PER_MINUTE: '10000000',
    // The flood rows' users each come from an address of their own, as the proxy on 127.0.0.1 says.
    TRUST_PROXY: '127.0.0.1',
  });
  try {
    await waitFor(`${base}/api/health`);
    await seedMessages(url);
    const token = await signIn();
    const bare = start('bench/bare-api-server.ts', { PORT: String(BARE_PORT), DATABASE_URL: url });
    try {
      await waitFor(`http://127.0.0.1:${BARE_PORT}/mowers`);
      const refreshTokens: string[] = [];
      for (let i = 0; i < connections * 2 + 1; i += 1) refreshTokens.push(await linkedRefreshToken());
      // A linked service's access token (as Home Assistant holds one) for the Navimow-compatible status API.
      const linkedAccess = await serviceAccessToken(refreshTokens.pop()!);
      const vehicleStatus: autocannon.Options = {
        url: `${base}/openapi/smarthome/getVehicleStatus`,
        method: 'POST',
        headers: { authorization: `Bearer ${linkedAccess}`, 'content-type': 'application/json' },
        body: JSON.stringify({ devices: [{ id: 'NVM-DEMO-0001' }, { id: 'NVM-DEMO-0002' }] }),
      };
      const bearer = { authorization: `Bearer ${token}` };
      // Half app sessions, half linked services' access tokens.
      const commandTokens: string[] = [];
      for (let i = 0; i < COMMAND_TOKENS / 2; i += 1)
        commandTokens.push(await signIn(), await serviceAccessToken(await linkedRefreshToken()));
      for (let round = 1; round <= rounds; round += 1) {
        // Refreshes cut off when a round's time is up used their token and never returned the new one: the pool is
        // filled up again, so that no request of the next round goes without a token.
        while (refreshTokens.length < connections * 2) refreshTokens.push(await linkedRefreshToken());
        const mowerFloor = await load({ url: `http://127.0.0.1:${BARE_PORT}/mowers`, headers: bearer });
        const messageFloor = await load({ url: `http://127.0.0.1:${BARE_PORT}/messages`, headers: bearer });
        const statusFloor = await load({
          ...vehicleStatus,
          url: `http://127.0.0.1:${BARE_PORT}/status`,
          headers: { ...bearer, 'content-type': 'application/json' },
        });
        // Each target beside the floor it is compared with, and what the budget asks of it.
        const targets: [string, Figures, Figures, 'read' | 'token' | undefined][] = [
          ['bare floor: token + mower list', mowerFloor, mowerFloor, undefined],
          [
            'GET /api/mowers (first-party token)',
            await load({ url: `${base}/api/mowers`, headers: bearer }),
            mowerFloor,
            'read',
          ],
          ['GET /api/health', await load({ url: `${base}/api/health` }), mowerFloor, undefined],
          ['bare floor: token + message page', messageFloor, messageFloor, undefined],
          [
            `GET /api/messages (${BENCH_MESSAGES} in the inbox)`,
            await load({ url: `${base}/api/messages`, headers: bearer }),
            messageFloor,
            'read',
          ],
          ['bare floor: token + status of two mowers', statusFloor, statusFloor, undefined],
          ['POST /openapi/smarthome/getVehicleStatus (linked service)', await load(vehicleStatus), statusFloor, 'read'],
          ['POST /oauth/token (refresh)', await load(refreshLoad(refreshTokens)), mowerFloor, 'token'],
        ];
        // The reads while the commands come: both loads at once, on the same two cores.
        const [commands, readsDuringCommands] = await Promise.all([
          autocannon({ duration: seconds, ...commandLoad(commandTokens) }),
          load({ url: `${base}/api/mowers`, headers: bearer, connections: connections / 2 }),
        ]);
        const admitted = commands.statusCodeStats?.['200']?.count ?? 0;
        const refused = commands.statusCodeStats?.['429']?.count ?? 0;
        const commandFigures: Figures = {
          rps: commands.requests.average,
          p50: commands.latency.p50,
          p99: commands.latency.p99,
          // A refusal by the budget is the answer wanted here, not a failure.
          errors: commands.errors + commands.timeouts + commands.non2xx - refused,
        };
        targets.push(
          [
            `POST /openapi/smarthome/sendCommands (${COMMAND_TOKENS} tokens: ${admitted} run, ${refused} refused)`,
            commandFigures,
            mowerFloor,
            undefined,
          ],
          [
            `GET /api/mowers during those commands (${connections / 2} connections)`,
            readsDuringCommands,
            mowerFloor,
            undefined,
          ],
        );
        if (webBuilt) {
          // Other users' page loads alone, then beside a flood of pages with random ids and beside a flood of
          // authorization requests, each flood from one address (issue 34); each meets a limit of its own.
          const othersAlone = await load(otherUsersPages());
          const [pageFlood, othersDuringPages] = await Promise.all([
            autocannon({ duration: seconds, ...flood(() => `/message-detail?id=${crypto.randomUUID()}`) }),
            load(otherUsersPages()),
          ]);
          const interactionsBefore = await storedInteractions(url);
          const [authorizeFlood, othersDuringAuthorize] = await Promise.all([
            autocannon({ duration: seconds, ...flood(() => `/oauth/authorize?${authorizeQuery}`) }),
            load(otherUsersPages()),
          ]);
          const stored = (await storedInteractions(url)) - interactionsBefore;
          const pages = floodFigures(pageFlood);
          const authorizations = floodFigures(authorizeFlood);
          const others = `other users' GET /message-detail (${FLOOD_CONNECTIONS} connections, an address each)`;
          targets.push(
            [`${others}, alone`, othersAlone, mowerFloor, undefined],
            [
              `GET /message-detail?id=<random> from one address (${pages.admitted} served, ${pages.refused} refused)`,
              pages.figures,
              mowerFloor,
              undefined,
            ],
            [`${others}, during that page flood`, othersDuringPages, mowerFloor, undefined],
            [
              `GET /oauth/authorize from one address (${authorizations.admitted} served, ${authorizations.refused} refused, ${stored} interactions stored)`,
              authorizations.figures,
              mowerFloor,
              undefined,
            ],
            [`${others}, during that authorization flood`, othersDuringAuthorize, mowerFloor, undefined],
          );
        } else if (round === 1) {
          console.log('No web build (npm run build): the page rows are left out.');
        }
        for (const [name, figures, floor, kindOfTarget] of targets) {
          const ratio = figures.rps / floor.rps;
          const misses = [
            figures.errors > 0 && `${figures.errors} failed requests`,
            kindOfTarget === 'read' &&
              ratio < budget.minFloorRatio &&
              `${ratio.toFixed(2)} of its floor (at least ${budget.minFloorRatio})`,
            kindOfTarget === 'read' &&
              figures.p99 >= budget.maxReadP99Ms &&
              `p99 ${figures.p99} ms (under ${budget.maxReadP99Ms})`,
            kindOfTarget === 'token' &&
              figures.p99 >= budget.maxTokenP99Ms &&
              `p99 ${figures.p99} ms (under ${budget.maxTokenP99Ms})`,
          ].filter((miss) => typeof miss === 'string');
          if (misses.length) overBudget.push(`${kind}, round ${round}, ${name}: ${misses.join(', ')}`);
          rows.push([
            kind,
            String(round),
            name,
            figures.rps.toFixed(0),
            `${figures.p50} ms`,
            `${figures.p99} ms`,
            ratio.toFixed(2),
            String(figures.errors),
          ]);
        }
      }
    } finally {
      await stop(bare);
    }
  } finally {
    await stop(product);
    await drop();
  }
}

const header = ['database', 'round', 'target', 'req/s', 'p50', 'p99', 'x floor', 'errors'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(`\n${connections} connections, ${seconds} s per target, ${new Date().toISOString().slice(0, 10)}\n`);
console.log([line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n'));
if (overBudget.length) {
  console.log(`\nOutside the budget (bench/budgets.json):\n${overBudget.map((miss) => `- ${miss}`).join('\n')}`);
  process.exitCode = 1;
} else {
  console.log('\nWithin the budget (bench/budgets.json).');
}
