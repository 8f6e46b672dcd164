/**
 * The floor for `npm run bench:api`: the same work as the product's authenticated reads (hash the bearer token,
 * find its session, then one indexed query: the account's mowers, or the first page of its messages) on a bare
 * Fastify with prepared statements (planned once on SQLite, as the app's are), and nothing else: no plugins,
 * headers, logs, validation or limits. Started by scripts/bench-api.ts.
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

app.get('/messages', async (request, reply) => {
  const accountId = await accountOf(request.headers.authorization);
  if (!accountId) return reply.code(401).send(unauthorized);
  const since = new Date(Date.now() - 30 * 24 * 3600 * 1000).toISOString();
  const rows = await query(MESSAGES, [accountId, since]);
  return { messages: rows.slice(0, 20).map((row) => ({ ...row, params: JSON.parse(row.params as string) as unknown })), next_cursor: null };
});
await app.listen({ port, host: '127.0.0.1' });
