/**
 * PostgreSQL ending connections under the server (issue 35: a restart, a failover, an administrator's
 * pg_terminate_backend): a connection ended while idle in the pool or checked out by an open transaction does not
 * end the process, the query in flight fails as an outage (a 503), the next one works, and a LISTEN feed comes back
 * by itself, its caches emptied of what it may have missed.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseOutage } from '../http/errors.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../testing/test-database.ts';
import { followChannel, mayCacheAcross } from './database.ts';

async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await sleep(20);
  }
}

describe.skipIf(!testDatabaseKinds.includes('postgres'))('PostgreSQL ending the server’s connections', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid]);

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { seed: false });
    admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.destroy();
  });

  it('survives a connection ended inside an open transaction and one idle in the pool, and serves the next query', async () => {
    const { db } = database;
    const idle = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
    await terminate(idle);
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        const { pid } = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!;
        await terminate(pid);
        // The checked-out client hears of it first as an `error` event: with no listener, the process would end.
        await sleep(200);
        await sql`select 1`.execute(trx);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isDatabaseOutage(failed), String(failed)).toBe(true);
    await sleep(200);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('follows a channel again after its connection is ended, emptying its cache before it may answer again', async () => {
    const { db } = database;
    const channel = `navimow_test_${randomBytes(4).toString('hex')}`;
    const messages: string[] = [];
    const events: string[] = [];
    const stop = await followChannel(
      db,
      channel,
      (payload) => messages.push(payload),
      () => events.push('lost'),
      () => events.push(`resumed while caching ${mayCacheAcross(db, channel)}`),
    );
    try {
      expect(mayCacheAcross(db, channel)).toBe(true);
      const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where query = $1', [
        `LISTEN ${channel}`,
      ]);
      expect(rows).toHaveLength(1);
      await terminate(rows[0]!.pid);
      await until(() => events.includes('lost'), 2_000);
      expect(mayCacheAcross(db, channel)).toBe(false);
      await until(() => mayCacheAcross(db, channel), 3_000);
      expect(events).toEqual(['lost', 'resumed while caching false']);
      await sql`select pg_notify(${channel}, 'after')`.execute(db);
      await until(() => messages.includes('after'), 2_000);
    } finally {
      await stop();
    }
    expect(mayCacheAcross(db, channel)).toBe(false);
  });
});
