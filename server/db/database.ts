import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { createHash } from 'node:crypto';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  type SqliteDatabase,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { sqliteKeptPlans } from './sqlite-kept-plans.ts';

export type Db = Kysely<Database>;
export type DatabaseKind = 'sqlite' | 'postgres';

export const DEFAULT_SQLITE_FILE = 'data/navimow.sqlite';

/**
 * Opens the database named by `DATABASE_URL`: unset, the embedded SQLite file under ./data; `file:<path>` (or
 * `file::memory:`), that SQLite file; `postgres://…`, PostgreSQL.
 */
export interface OpenedDatabase {
  db: Db;
  kind: DatabaseKind;
  /** PostgreSQL only: the schema that holds the tables (and the migration bookkeeping). */
  schema?: string;
}

/**
 * How long any wait on the database may last (milliseconds), so that a database that hangs (frozen, cut off by the
 * network, a lock held) gives quick 503s instead of requests that wait with it (`DATABASE_*_TIMEOUT_MS`).
 */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one of the pool. */
  connectMs: number;
  /** One statement, as PostgreSQL counts it; a client-side timer a second longer catches a server that never answers. */
  statementMs: number;
  /** Waiting for a row or table lock (PostgreSQL's lock_timeout; SQLite's busy_timeout, for its one writer). */
  lockMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 5_000, lockMs: 5_000 };

/** The client-side timer past `statementMs`: PostgreSQL's own timeout answers first whenever it can answer. */
const QUERY_TIMEOUT_MARGIN_MS = 1_000;

export function openDatabase(
  url: string | undefined,
  options: { pgSchema?: string; timeouts?: DatabaseTimeouts } = {},
): OpenedDatabase {
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      // 0: no limit (migrations, which may rewrite a large table, and wait for another process's).
      statement_timeout: timeouts.statementMs || undefined,
      lock_timeout: timeouts.lockMs || undefined,
      query_timeout: timeouts.statementMs ? timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS : undefined,
      // A connection whose peer vanished (a failover, a cut network) is found out by the kernel, not at the next query.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(options.pgSchema && { options: `-c search_path=${options.pgSchema}` }),
    });
    // A connection that breaks (PostgreSQL restarting, failing over, a cut network) emits `error`, on the pool while
    // idle and on the client while checked out (in an open transaction, say); unheard, either ends the process. The
    // query in flight fails on its own (and its request gets a 503), and the pool drops the broken connection.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
    postgresPools.set(db, pool);
    return {
      db,
      kind: 'postgres',
      schema: options.pgSchema ?? 'public',
    };
  }
  if (url && !url.startsWith('file:')) throw new Error('DATABASE_URL must start with file: or postgres://');
  const file = url ? url.slice('file:'.length) : DEFAULT_SQLITE_FILE;
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${timeouts.lockMs}`);
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [sqliteKeptPlans],
    }),
    kind: 'sqlite',
  };
}

/**
 * Kysely's SQLite driver prepares every query anew, which took a quarter of the CPU of an authenticated request
 * under load. The queries are few and fixed, so their prepared statements are kept and reused (SQLite prepares
 * again by itself when the schema changes). Kysely runs one query at a time on the connection, so a statement is
 * never in use twice at once.
 */
function withStatementCache(sqlite: SQLite.Database, max = 1_000): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * Kysely sends every PostgreSQL query unnamed, so the server parses and plans it on each call; under load that was
 * most of the gap to a bare server. Naming each data query by a hash of its text makes `pg` prepare it once per
 * connection and reuse it (the text decides the name, so one name never stands for two queries). Transaction
 * control and DDL stay unnamed: a prepared plan must not outlive a schema change.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string | null>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (name === undefined) {
      name = /^\s*(select|insert|update|delete|with)\b/i.test(sql)
        ? `k${createHash('sha1').update(sql).digest('base64url')}`
        : null;
      if (names.size >= 1_000) names.delete(names.keys().next().value!);
      names.set(sql, name);
    }
    return name;
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // A query that timed out on this side may still be running, or its answer still coming: the connection is not
    // fit for another query (not even the transaction's ROLLBACK, which would wait as long again) and is closed.
    let broken: Error | undefined;
    const send = (sql: string, parameters?: readonly unknown[]) => {
      const name = nameOf(sql);
      return name
        ? client.query({ name, text: sql, values: parameters as unknown[] })
        : client.query(sql, parameters as unknown[]);
    };
    return {
      processID: (client as { processID?: number }).processID,
      query: ((sql: unknown, parameters?: readonly unknown[]) => {
        if (typeof sql !== 'string') return client.query(sql as never); // a cursor (streamed query): as it is
        if (broken) return Promise.reject(broken);
        return send(sql, parameters).catch((error: unknown) => {
          if (error instanceof Error && /Query read timeout/.test(error.message)) broken = error;
          throw error;
        });
      }) as unknown as PostgresPoolClient['query'],
      release: (destroy?: boolean) => client.release(destroy || broken),
    };
  };
  return {
    options: pool.options,
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}

const postgresPools = new WeakMap<Db, pg.Pool>();

/** PostgreSQL's pool behind `db`, for its counts in the metrics (server/metrics.ts); undefined on SQLite. */
export function postgresPool(db: Db): pg.Pool | undefined {
  return postgresPools.get(db);
}

/** The notification channels each database's process follows (see `followChannel`). */
const followedChannels = new WeakMap<Db, Set<string>>();

/** Waits between attempts to follow a channel again: doubling from the first, at most the last. */
const REFOLLOW_DELAYS_MS = { first: 100, most: 2_000 };
/** A followed connection that stopped answering (a cut network sends no error) is found out within this. */
const FOLLOW_HEARTBEAT_MS = 15_000;

/**
 * Follows a PostgreSQL notification channel (`NOTIFY`, `pg_notify`) on a connection of its own, for news that other
 * server processes publish (a revoked session or token, so that caches drop it). While this process follows the
 * channel, `mayCacheAcross(db, channel)` is true. If the connection breaks (PostgreSQL restarting, failing over),
 * it turns false and `onLost` is called (news may be missed from now on: the caller empties its cache); the channel
 * is followed again with backoff, and once it is, `onResumed` is called (what was announced meanwhile was missed:
 * the cache is emptied again) before caches may answer again. On SQLite, which one process serves, there is nothing
 * to follow and caches may always answer. The first connection must succeed (start-up); returns how to stop.
 */
export async function followChannel(
  db: Db,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: (error: Error) => void,
  onResumed: () => void = () => undefined,
): Promise<() => Promise<void>> {
  const pool = postgresPools.get(db);
  if (!pool) return async () => {};
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const channels = followedChannels.get(db) ?? new Set<string>();
  followedChannels.set(db, channels);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let delay = REFOLLOW_DELAYS_MS.first;

  async function follow(again: boolean): Promise<void> {
    // A client of its own, not one of the pool's: it stays connected for as long as the server runs, and the pool
    // (and with it Kysely's destroy) must not wait for it.
    const next = new pg.Client(pool!.options);
    let lost = false;
    const onBroken = (error: Error) => {
      if (lost) return;
      lost = true;
      clearInterval(heartbeat);
      void next.end().catch(() => undefined);
      if (client !== next || stopped) return;
      client = undefined;
      channels.delete(channel);
      onLost(error);
      schedule();
    };
    next.on('error', onBroken);
    next.on('end', () => onBroken(new Error(`the connection following ${channel} ended`)));
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      lost = true;
      void next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    heartbeat = setInterval(() => {
      next.query('SELECT 1').catch((error: Error) => onBroken(error));
    }, FOLLOW_HEARTBEAT_MS);
    heartbeat.unref();
    if (again) onResumed();
    channels.add(channel);
  }

  function schedule(): void {
    retry = setTimeout(() => {
      follow(true).then(
        () => {
          delay = REFOLLOW_DELAYS_MS.first;
        },
        () => {
          delay = Math.min(delay * 2, REFOLLOW_DELAYS_MS.most);
          if (!stopped) schedule();
        },
      );
    }, delay);
    retry.unref();
  }

  await follow(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    channels.delete(channel);
    await client?.end().catch(() => undefined);
  };
}

const revocationListeners = new WeakMap<Db, Set<() => void>>();

/**
 * Something that may end a credential was committed: a session ended, a grant or token revoked, by this process or
 * (followed through `NOTIFY`) by another. Holders of open connections (the embedded MQTT broker) check theirs again
 * at once instead of at their next periodic check.
 */
export function announceRevocation(db: Db): void {
  for (const listener of revocationListeners.get(db) ?? []) listener();
}

/** Calls `listener` on every `announceRevocation(db)`; returns how to stop. */
export function onRevocation(db: Db, listener: () => void): () => void {
  const listeners = revocationListeners.get(db) ?? new Set();
  revocationListeners.set(db, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a cache that `channel` invalidates may answer: always on SQLite, on PostgreSQL while it is followed. */
export function mayCacheAcross(db: Db, channel: string): boolean {
  return !postgresPools.has(db) || (followedChannels.get(db)?.has(channel) ?? false);
}

/**
 * Whether `SELECT … FOR UPDATE` works: on PostgreSQL it serialises writers of one row; SQLite has no row locks and
 * needs none, as it runs one writing transaction at a time.
 */
export function supportsRowLocks(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Brings the schema up to date; throws (and the server does not start) if a migration fails. On PostgreSQL it runs
 * on connections of its own, as bounded in connecting as any but not in statements and lock waits: a migration may
 * rewrite a large table, and waits for another process's migration to finish.
 */
export async function migrateToLatest({ db, schema }: Pick<OpenedDatabase, 'db' | 'schema'>): Promise<void> {
  const pool = postgresPools.get(db);
  if (!pool) return migrate(db, schema);
  const unbounded = new pg.Pool({
    ...pool.options,
    max: 1,
    statement_timeout: undefined,
    lock_timeout: undefined,
    query_timeout: undefined,
  });
  unbounded.on('error', () => undefined);
  const migrating = new Kysely<Database>({ dialect: new PostgresDialect({ pool: unbounded }) });
  try {
    await migrate(migrating, schema);
  } finally {
    await migrating.destroy();
  }
}

async function migrate(db: Db, schema: string | undefined): Promise<void> {
  // Naming the schema keeps Kysely from mistaking another schema's bookkeeping tables for ours.
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema && { migrationTableSchema: schema }) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
