/**
 * SQLite on a full disk under load (issue 35, item 3), the disk's limit stood in for by `PRAGMA max_page_count`
 * (SQLITE_FULL, as a full disk gives): writes answer 503 with Retry-After, the OAuth token endpoint too (not an
 * unlogged 500), no refresh that failed half way ends a link, and once there is room again everything works, nothing
 * acknowledged is lost or doubled, and the file passes its integrity check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Db, migrateToLatest, openDatabase } from '../db/database.ts';
import { seedDemoData } from '../db/seed.ts';
import { testConfig } from '../testing/test-app.ts';
import { MixedLoad, storedComments } from './fault-load.ts';

describe('the server on SQLite through a full disk under load', () => {
  let dir: string;
  let db: Db;
  let app: FastifyInstance;
  let load: MixedLoad;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'navimow-full-'));
    const database = openDatabase(`file:${join(dir, 'navimow.sqlite')}`);
    db = database.db;
    await migrateToLatest(database);
    await seedDemoData(db);
    ({ app } = await buildApp({ db, config: testConfig() }));
    load = new MixedLoad(app);
    await load.prepare(3);
    await sql`create table filler (bytes blob)`.execute(db);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The disk full: no page more than the file has, and every free one taken. */
  async function fillTheDisk() {
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(db);
    for (;;) {
      try {
        await sql`insert into filler values (randomblob(1024))`.execute(db);
      } catch {
        return;
      }
    }
  }

  it('answers 503s while full, ends no link, and serves again once there is room', async () => {
    load.start();
    await sleep(500);
    await fillTheDisk();
    const full = load.now();
    await sleep(3_000);
    await sql`delete from filler`.execute(db);
    await sql.raw('pragma max_page_count = 1073741823').execute(db);
    const room = load.now();
    await sleep(2_000);
    await load.stop();

    const during = load.outcomes.filter(({ at, ms }) => at >= full && at + ms <= room);
    const failures = load.outcomes.filter(({ status }) => ![200, 201, 204, 503].includes(status));
    expect(failures, JSON.stringify(failures.slice(0, 5))).toEqual([]);
    const refused = during.filter(({ status }) => status === 503);
    expect(refused.some(({ what }) => what === 'refresh')).toBe(true);
    expect(refused.some(({ what }) => what === 'comment')).toBe(true);
    expect(refused.every(({ retryAfter }) => retryAfter === '5')).toBe(true);
    expect(load.outcomes.filter(({ at, status }) => at >= room + 1_000 && status === 503)).toEqual([]);

    expect(load.links.filter((link) => link.ended)).toEqual([]);
    const stored = await storedComments(db);
    for (const [key, id] of load.acknowledged) expect(stored.get(key)).toEqual([id]);
    expect([...stored.values()].filter((ids) => ids.length > 1)).toEqual([]);
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    expect(rows).toEqual([{ integrity_check: 'ok' }]);
  }, 30_000);
});
