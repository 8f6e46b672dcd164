import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { MowerStatusDto } from '../../../common/fleet.ts';
import { type Db, followChannel, supportsRowLocks } from '../../db/database.ts';
import type { FleetChange } from './fleet.ts';
import { statusOf } from './fleet-routes.ts';
import type { LiveFeed } from './live-stream.ts';

const CHANNEL = 'navimow_fleet_changes';

/** The feeds of every app on one SQLite database (one process: tests run several apps on one). */
const feedsOnSqlite = new WeakMap<Db, Set<LiveFeed>>();

interface Log {
  error(object: unknown, message?: string): void;
}

/**
 * Hands every committed change of the fleet to the pages' live streams of every process on the database: this
 * process's at once, the others' through `NOTIFY` on PostgreSQL (on SQLite, one process, to the other apps on the
 * same database). Neither way passes through an MQTT broker, so a broker that is down or restarting
 * (docs/operations.md) never keeps a page from seeing a change. Returns the fleet listener and how to stop.
 */
export async function followLiveChanges(
  db: Db,
  feed: LiveFeed,
  log: Log,
): Promise<{ listener: (change: FleetChange) => Promise<void>; stop: () => Promise<void> }> {
  if (!supportsRowLocks(db)) {
    const feeds = feedsOnSqlite.get(db) ?? new Set<LiveFeed>();
    feedsOnSqlite.set(db, feeds);
    feeds.add(feed);
    return {
      listener: async ({ view }) => {
        const status = statusOf(view);
        for (const each of feeds) each.push(status);
      },
      stop: async () => void feeds.delete(feed),
    };
  }
  // A process hears its own notifications too: it has pushed them already.
  const from = randomUUID();
  const stop = await followChannel(
    db,
    CHANNEL,
    (payload) => {
      try {
        const notice = JSON.parse(payload) as { from: string; status: MowerStatusDto };
        if (notice.from !== from) feed.push(notice.status);
      } catch {
        log.error({ payload: payload.slice(0, 200) }, 'unreadable fleet change notification');
      }
    },
    (error) => log.error({ err: error }, "lost the feed of other processes' fleet changes"),
  );
  return {
    listener: async ({ view }) => {
      const status = statusOf(view);
      feed.push(status);
      await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ from, status })})`.execute(db);
    },
    stop,
  };
}
