import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** What a store answers for one request: the key's count in its window so far, and the window's time left. */
type Counted = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * @fastify/rate-limit's counters in the database, so that several server processes on one PostgreSQL count one
 * client's requests together (docs/decisions/013-several-processes.md). A fixed window per key, as the plugin's
 * own in-memory store keeps it: one upsert per request that starts a new window or adds one to the current one,
 * atomic in the database, so parallel requests on any process cannot all see the same count.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: unknown, prefix = 'global') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Counted, timeWindow: number): void {
      const now = Date.now();
      const expired = sql<boolean>`rate_limit_windows.started_at + ${timeWindow} <= ${now}`;
      db.insertInto('rate_limit_windows')
        .values({ key: `${this.prefix} ${key}`, started_at: now, count: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql`CASE WHEN ${expired} THEN 1 ELSE rate_limit_windows.count + 1 END`,
            started_at: sql`CASE WHEN ${expired} THEN ${now} ELSE rate_limit_windows.started_at END`,
          }),
        )
        .returning(['count', 'started_at'])
        .executeTakeFirstOrThrow()
        .then(
          (row) =>
            callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.started_at) + timeWindow - now) }),
          (error: unknown) => callback(error as Error),
        );
    }

    /**
     * A route's own limit counts in its own windows. The plugin hands over its merged settings with the route as
     * `routeInfo` (its type declaration says the route options themselves).
     */
    child(params: object): FastifyRateLimitStore {
      const { method, url } = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, `${[method ?? ''].flat().join(',')} ${url ?? ''}`);
    }
  }
  return DatabaseRateLimitStore;
}

/** Most client addresses a memory store keeps at once; beyond it, the oldest window is dropped (as the plugin's LRU). */
const MEMORY_STORE_KEYS = 5000;

/**
 * Fixed windows per key in this process's memory, at most `MEMORY_STORE_KEYS` of them. Each count is the key's count
 * as it was for that request, never a later one.
 */
export class MemoryWindows {
  private readonly windows = new Map<string, { count: number; startedAt: number }>();

  /** Counts one request of `key`: its count in the current window, this one included, and the window's time left. */
  count(key: string, windowMs: number, now = Date.now()): { current: number; ttl: number } {
    let window = this.windows.get(key);
    if (!window || window.startedAt + windowMs <= now) {
      // Deleted and set again: the map's order stays the order in which windows began.
      this.windows.delete(key);
      if (this.windows.size >= MEMORY_STORE_KEYS) this.windows.delete(this.windows.keys().next().value as string);
      window = { count: 0, startedAt: now };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.startedAt + windowMs - now };
  }
}

/**
 * @fastify/rate-limit's counters in this process's memory (one process: the embedded SQLite default), the same fixed
 * window per key as the database store. In place of the plugin's own store, which answers every request with the
 * one object it keeps per key: the plugin reads that answer after an `await`, so requests that arrive together
 * all read the count of the last of them, and all are refused once together they pass the limit (65 at once
 * against a limit of 60: 65 refused). Each answer here is the count as it was for that request.
 */
export function memoryRateLimitStore(): FastifyRateLimitStoreCtor {
  class MemoryRateLimitStore implements FastifyRateLimitStore {
    private readonly windows = new MemoryWindows();

    incr(key: string, callback: Counted, timeWindow: number): void {
      callback(null, this.windows.count(key, timeWindow));
    }

    /** A route's own limit counts in its own windows. */
    child(): FastifyRateLimitStore {
      return new MemoryRateLimitStore();
    }
  }
  return MemoryRateLimitStore;
}

/** Removes windows that ended long ago (run now and then): a day is longer than every limit's window. */
export async function sweepRateLimitWindows(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('rate_limit_windows')
    .where('started_at', '<=', now - 24 * 60 * 60 * 1000)
    .execute();
}
