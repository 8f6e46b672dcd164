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

export function openDatabase(url: string | undefined, options: { pgSchema?: string } = {}): OpenedDatabase {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(options.pgSchema && { options: `-c search_path=${options.pgSchema}` }),
    });
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
  sqlite.pragma('busy_timeout = 5000');
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
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    processID: (client as { processID?: number }).processID,
    query: ((sql: unknown, parameters?: readonly unknown[]) => {
      if (typeof sql !== 'string') return client.query(sql as never); // a cursor (streamed query): as it is
      const name = nameOf(sql);
      return name
        ? client.query({ name, text: sql, values: parameters as unknown[] })
        : client.query(sql, parameters as unknown[]);
    }) as unknown as PostgresPoolClient['query'],
    release: (destroy?: boolean) => client.release(destroy),
  });
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

/**
 * Follows a PostgreSQL notification channel (`NOTIFY`, `pg_notify`) on a connection of its own, for news that other
 * server processes publish (a revoked session or token, so that caches drop it). While this process follows the
 * channel, `mayCacheAcross(db, channel)` is true; it turns false for good if the connection breaks (`onLost` is
 * called: news may have been missed) or on `stop`. On SQLite, which one process serves, there is nothing to follow
 * and caches may always answer. Returns how to stop.
 */
export async function followChannel(
  db: Db,
  channel: string,
  onMessage: (payload: string) => void,
  onLost: (error: Error) => void,
): Promise<() => Promise<void>> {
  const pool = postgresPools.get(db);
  if (!pool) return async () => {};
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  // A client of its own, not one of the pool's: it stays connected for as long as the server runs, and the pool
  // (and with it Kysely's destroy) must not wait for it.
  const client = new pg.Client(pool.options);
  await client.connect();
  const channels = followedChannels.get(db) ?? new Set<string>();
  followedChannels.set(db, channels);
  client.on('notification', (message) => {
    if (message.channel === channel) onMessage(message.payload ?? '');
  });
  client.on('error', (error) => {
    channels.delete(channel);
    onLost(error);
  });
  await client.query(`LISTEN ${channel}`);
  channels.add(channel);
  return async () => {
    channels.delete(channel);
    await client.end().catch(() => undefined);
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

/** Brings the schema up to date; throws (and the server does not start) if a migration fails. */
export async function migrateToLatest({ db, schema }: Pick<OpenedDatabase, 'db' | 'schema'>): Promise<void> {
  // Naming the schema keeps Kysely from mistaking another schema's bookkeeping tables for ours.
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema && { migrationTableSchema: schema }) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
