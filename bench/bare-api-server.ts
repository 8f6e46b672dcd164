/**
 * The floor for `npm run bench:api`: the same work as the product's authenticated reads (hash the bearer token,
 * find its session, then one indexed query: the account's mowers, the first page of its messages, or the state of
 * two named mowers in the Navimow status format, from a JSON body) on a bare Fastify with prepared statements
 * (planned once on SQLite, as the app's are), and nothing else: no plugins, headers, logs, validation or limits.
 * Started by scripts/bench-api.ts.
 */
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.DATABASE_URL!;
const port = Number(process.env.PORT);

/** Each query in PostgreSQL's numbered parameters; SQLite gets them as `?`, one value per occurrence. */
const SESSION = `SELECT account_id FROM sessions WHERE access_token_hash = $1 AND revoked_at IS NULL AND access_expires_at > $2`;
const MOWERS = `SELECT serial_number, name, model, battery_percent, 'owner' AS role, 0 AS rank FROM mowers WHERE owner_id = $1
  UNION ALL SELECT m.serial_number, m.name, m.model, m.battery_percent, 'shared', 1 FROM mowers m
  JOIN mower_shares s ON s.mower_serial = m.serial_number WHERE s.account_id = $1 ORDER BY rank, serial_number`;

const MESSAGES = `SELECT m.id, m.category, m.type, m.params, m.severity, m.fault_code, m.created_at, m.mower_serial, w.name AS mower_name, i.read_at
  FROM message_inbox i JOIN messages m ON m.id = i.message_id LEFT JOIN mowers w ON w.serial_number = m.mower_serial
  WHERE i.account_id = $1 AND i.created_at >= $2 ORDER BY i.created_at DESC, i.message_id DESC LIMIT 21`;

/** The mowers' state rows of the named serials that the account owns or has been shared, as the status read reads them. */
const STATUS = `SELECT serial_number, battery_percent, state, at_station, error_reason, job_mowed_ms, total_mowing_seconds, online, winter_mode
  FROM mowers m WHERE serial_number IN ($1, $2) AND (owner_id = $3 OR EXISTS
  (SELECT 1 FROM mower_shares s WHERE s.mower_serial = m.serial_number AND s.account_id = $3))`;

type Query = (text: string, values: string[]) => Promise<Record<string, unknown>[]>;

function database(): Query {
  if (url.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    let names = 0;
    const prepared = new Map<string, string>();
    return async (text, values) => {
      let name = prepared.get(text);
      if (!name) prepared.set(text, (name = `q${(names += 1)}`));
      return (await pool.query({ name, text, values })).rows;
    };
  }
  const sqlite = new SQLite(url.slice('file:'.length));
  sqlite.pragma('journal_mode = WAL');
  const statements = new Map<string, { statement: SQLite.Statement; order: number[] }>();
  return async (text, values) => {
    let prepared = statements.get(text);
    if (!prepared) {
      const order = [...text.matchAll(/\$(\d)/g)].map((match) => Number(match[1]) - 1);
      // `= +?` as the app's queries have it on SQLite (server/db/sqlite-kept-plans.ts): planned once, not per call.
      prepared = { statement: sqlite.prepare(text.replace(/= \$\d/g, '= +?').replace(/\$\d/g, '?')), order };
      statements.set(text, prepared);
    }
    return prepared.statement.all(...prepared.order.map((index) => values[index])) as Record<string, unknown>[];
  };
}

const query = database();
const app = Fastify();

async function accountOf(authorization: string | undefined): Promise<string | undefined> {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  const hash = token && createHash('sha256').update(token).digest('hex');
  const [session] = hash ? await query(SESSION, [hash, new Date().toISOString()]) : [];
  return session?.account_id as string | undefined;
}

const unauthorized = { error: { code: 'unauthorized', message: 'Sign in again.' } };

app.get('/mowers', async (request, reply) => {
  const accountId = await accountOf(request.headers.authorization);
  if (!accountId) return reply.code(401).send(unauthorized);
  const rows = await query(MOWERS, [accountId]);
  return { mowers: rows.map(({ rank: _rank, ...mower }) => mower) };
});

const RAW_STATES: Record<string, string> = {
  docked: 'isDocked',
  idle: 'isIdle',
  mowing: 'isRunning',
  paused: 'isPaused',
  returning: 'isDocking',
  error: 'Error',
};

/** One device in the Navimow status format (server/modules/fleet/navimow-format.ts), without the simulation's clock. */
function statusOf(row: Record<string, unknown>, now: number) {
  const online = row.online === 1 || row.online === true;
  const atStation = row.at_station === 1 || row.at_station === true;
  const battery = Number(row.battery_percent);
  const state = online ? (RAW_STATES[String(row.state)] ?? 'Error') : 'Offline';
  return {
    id: row.serial_number,
    device_id: row.serial_number,
    online,
    status: state,
    vehicleState: state,
    isRunning: online && row.state === 'mowing',
    isPaused: online && row.state === 'paused',
    isDocked: atStation,
    isCharging: online && atStation && battery < 100,
    isPluggedIn: atStation,
    battery,
    capacityRemaining: [{ unit: 'PERCENTAGE', rawValue: battery }],
    descriptiveCapacityRemaining: battery >= 90 ? 'FULL' : battery >= 30 ? 'MEDIUM' : 'LOW',
    error_code: row.error_reason ?? 'none',
    mowing_time: Math.floor(Number(row.job_mowed_ms) / 1000),
    total_mowing_time: Number(row.total_mowing_seconds),
    position: { lat: 52.5, lng: 13.3 },
    winter_mode: row.winter_mode === 1 || row.winter_mode === true,
    timestamp: now,
  };
}

app.post<{ Body: { devices: { id: string }[] } }>('/status', async (request, reply) => {
  const accountId = await accountOf(request.headers.authorization);
  if (!accountId) return reply.code(401).send(unauthorized);
  const [first, second] = request.body.devices.map((device) => device.id);
  const rows = await query(STATUS, [first!, second ?? first!, accountId]);
  const now = Date.now();
  return { code: 1, desc: 'success', data: { payload: { devices: rows.map((row) => statusOf(row, now)) } } };
});

app.get('/messages', async (request, reply) => {
  const accountId = await accountOf(request.headers.authorization);
  if (!accountId) return reply.code(401).send(unauthorized);
  const since = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
  const rows = await query(MESSAGES, [accountId, since]);
  return {
    messages: rows.slice(0, 20).map((row) => ({ ...row, params: JSON.parse(row.params as string) as unknown })),
    next_cursor: null,
  };
});
await app.listen({ port, host: '127.0.0.1' });
