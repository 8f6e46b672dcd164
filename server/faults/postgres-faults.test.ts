/**
 * PostgreSQL failing under load (issue 35), on a cluster of the suite's own: restarted, stopped for 10 s, frozen
 * (SIGSTOP) for 10 s. Through each the server keeps running, answers only 503s with Retry-After while the database
 * is away (within the timeouts, never a hung request), serves again within a second of its return, loses and
 * duplicates no acknowledged write, ends no OAuth link, and follows its LISTEN feeds again.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Db, mayCacheAcross, migrateToLatest, openDatabase } from '../db/database.ts';
import { DEMO } from '../db/seed.ts';
import { seedDemoData } from '../db/seed.ts';
import { testConfig } from '../testing/test-app.ts';
import { hasPostgresBinaries, type PostgresCluster, startPostgresCluster } from '../testing/postgres-cluster.ts';
import { MixedLoad, storedComments } from './fault-load.ts';

/** Short timeouts, so that a frozen database gives 503s well within its 10 s. */
const TIMEOUTS = { connectMs: 1_500, statementMs: 1_500, lockMs: 1_500 };
/** The longest any request may take while the database hangs: a few of its queries' timeouts, not the freeze. */
const LONGEST_MS = 7_000;
const FEEDS = ['navimow_sessions', 'navimow_oauth_revocations'];

describe.skipIf(!hasPostgresBinaries)('the server through PostgreSQL faults under load', () => {
  let cluster: PostgresCluster;
  let db: Db;
  let app: FastifyInstance;
  let load: MixedLoad;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const database = openDatabase(cluster.url, { timeouts: TIMEOUTS });
    db = database.db;
    await migrateToLatest(database);
    await seedDemoData(db);
    ({ app } = await buildApp({ db, config: testConfig() }));
    load = new MixedLoad(app);
    await load.prepare(4);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    cluster?.destroy();
  });

  /** Runs the load, the fault after a second of it, three seconds more; checks everything the issue asks. */
  async function throughFault(fault: () => Promise<void>, { expectOutage }: { expectOutage: boolean }) {
    const before = load.outcomes.length;
    load.start();
    await sleep(1_000);
    const faultStart = load.now();
    await fault();
    const back = load.now();
    await sleep(3_000);
    await load.stop();
    const outcomes = load.outcomes.slice(before);

    const failures = outcomes.filter(({ status }) => ![200, 201, 204, 503].includes(status));
    expect(failures, JSON.stringify(failures.slice(0, 5))).toEqual([]);
    const unavailable = outcomes.filter(({ status }) => status === 503);
    expect(unavailable.every(({ retryAfter }) => retryAfter === '5')).toBe(true);
    if (expectOutage) expect(unavailable.length).toBeGreaterThan(0);
    // Only while the database was away, and every request answered within a few timeouts, never the fault's length.
    expect(unavailable.filter(({ at, ms }) => at + ms < faultStart).length).toBe(0);
    const late = outcomes.filter(({ at, status }) => at >= back + 1_000 && status === 503);
    expect(late, JSON.stringify(late.slice(0, 5))).toEqual([]);
    expect(outcomes.filter(({ at }) => at >= back + 1_000).length).toBeGreaterThan(20);
    const slowest = Math.max(...outcomes.map(({ ms }) => ms));
    expect(slowest).toBeLessThan(LONGEST_MS);

    // Every acknowledged comment stored, once; no comment stored twice under one key.
    const stored = await storedComments(db);
    for (const [key, id] of load.acknowledged) expect(stored.get(key)).toEqual([id]);
    expect([...stored.values()].filter((ids) => ids.length > 1)).toEqual([]);
    const shares = await db
      .selectFrom('mower_shares')
      .select('account_id')
      .where('mower_serial', '=', DEMO.mowers.notShared.serial)
      .where('account_id', '=', DEMO.owner.id)
      .execute();
    expect(shares).toHaveLength(1);
    // No link ended: each refreshes with the token it holds.
    expect(load.links.filter((link) => link.ended)).toEqual([]);
    // The feeds of revocations are followed again, so that the caches answer again.
    const deadline = Date.now() + 3_000;
    while (!FEEDS.every((channel) => mayCacheAcross(db, channel)) && Date.now() < deadline) await sleep(50);
    expect(FEEDS.filter((channel) => !mayCacheAcross(db, channel))).toEqual([]);
  }

  it('keeps serving through a restart (pg_ctl restart -m fast)', async () => {
    await throughFault(async () => cluster.restart(), { expectOutage: false });
  }, 60_000);

  it('answers 503s while PostgreSQL is stopped for 10 s, and serves within a second of its start', async () => {
    await throughFault(
      async () => {
        cluster.stop();
        await sleep(10_000);
        cluster.start();
      },
      { expectOutage: true },
    );
  }, 60_000);

  it('answers 503s within its timeouts while PostgreSQL is frozen for 10 s, and serves within a second after', async () => {
    await throughFault(
      async () => {
        cluster.freeze();
        try {
          await sleep(10_000);
        } finally {
          cluster.thaw();
        }
      },
      { expectOutage: true },
    );
  }, 60_000);

  it('lets every link refresh once more at the end', async () => {
    for (const link of load.links) {
      const response = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('demo-client:demo-secret').toString('base64')}`,
        },
        payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: link.refreshToken }).toString(),
      });
      expect(response.statusCode).toBe(200);
    }
  });
});
