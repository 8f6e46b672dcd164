import { type Compilable, CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../testing/test-database.ts';
import type { Db } from './database.ts';
import { DEMO } from './seed.ts';

const { owned, shared, notShared } = DEMO.mowers;

/** Query shapes of the app's hot reads: a union with an ORDER BY (mower list), a join, a page (messages). */
const QUERIES = {
  mowerList: (db: Db, accountId: string) =>
    db
      .selectFrom('mowers')
      .select(['serial_number', 'battery_percent', sql<number>`0`.as('rank')])
      .where('owner_id', '=', accountId)
      .unionAll(
        db
          .selectFrom('mowers')
          .innerJoin('mower_shares', 'mower_shares.mower_serial', 'mowers.serial_number')
          .select(['mowers.serial_number', 'mowers.battery_percent', sql<number>`1`.as('rank')])
          .where('mower_shares.account_id', '=', accountId),
      )
      .orderBy('rank')
      .orderBy('serial_number'),
  messagePage: (db: Db, accountId: string) =>
    db
      .selectFrom('message_inbox as i')
      .innerJoin('messages as m', 'm.id', 'i.message_id')
      .leftJoin('mowers as w', 'w.serial_number', 'm.mower_serial')
      .select(['m.id', 'w.name', 'i.read_at'])
      .where('i.account_id', '=', accountId)
      .where('i.created_at', '>=', '2026-01-01T00:00:00.000Z')
      .where('i.read_at', 'is', null)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.message_id', 'desc')
      .limit(3)
      .offset(1),
  integerColumn: (db: Db, battery: string) =>
    db
      .selectFrom('mowers')
      .select('serial_number')
      .where('battery_percent', '=', battery as unknown as number)
      .orderBy('serial_number'),
} satisfies Record<string, (db: Db, value: string) => Compilable<unknown>>;

const VALUES: Record<keyof typeof QUERIES, string[]> = {
  mowerList: [DEMO.owner.id, DEMO.friend.id, 'account-unknown'],
  messagePage: [DEMO.owner.id, DEMO.friend.id],
  // A numeric string against an INTEGER column: the column's affinity still makes it a number.
  integerColumn: [String(owned.battery), String(shared.battery), 'not a number'],
};

describe('SQLite statements keep their plan (server/db/sqlite-kept-plans.ts)', () => {
  let database: TestDatabase;
  let plain: Db;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    plain = database.db.withoutPlugins();
  });
  afterAll(() => database.destroy());

  const planOf = async (db: Db, query: CompiledQuery) =>
    (
      await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      )
    ).rows.map((row) => row.detail);

  it('puts a unary plus before the values of equalities, limits and offsets, and nowhere else', () => {
    const compiled = QUERIES.messagePage(database.db, DEMO.owner.id).compile();
    expect(compiled.sql).toContain('"i"."account_id" = +?');
    expect(compiled.sql).toContain('"i"."created_at" >= ?');
    expect(compiled.sql).toContain('"i"."read_at" is null');
    expect(compiled.sql).toMatch(/limit \+\? offset \+\?$/);
    expect(compiled.sql).toContain('"w"."serial_number" = "m"."mower_serial"');
    expect(compiled.parameters).toEqual(QUERIES.messagePage(plain, DEMO.owner.id).compile().parameters);
    // Writes keep their plain values.
    expect(
      database.db.updateTable('mowers').set({ name: 'x' }).where('serial_number', '=', owned.serial).compile().sql,
    ).toBe('update "mowers" set "name" = ? where "serial_number" = +?');
  });

  for (const [name, build] of Object.entries(QUERIES)) {
    it(`${name}: the same rows and the same plan as the plain query`, async () => {
      for (const value of VALUES[name as keyof typeof QUERIES]) {
        const kept = build(database.db, value).compile();
        const bare = build(plain, value).compile();
        expect(kept.sql).not.toBe(bare.sql);
        expect((await database.db.executeQuery(kept)).rows).toEqual((await plain.executeQuery(bare)).rows);
        expect(await planOf(database.db, kept)).toEqual(await planOf(plain, bare));
      }
    });
  }

  it('finds what it should (the rows are not vacuously equal)', async () => {
    const rows = await QUERIES.mowerList(database.db, DEMO.friend.id).execute();
    expect(rows.map((row) => row.serial_number)).toEqual([shared.serial, notShared.serial]);
    expect(await QUERIES.integerColumn(database.db, String(owned.battery)).execute()).toEqual([
      { serial_number: owned.serial },
    ]);
  });

  it.runIf(testDatabaseKinds.includes('postgres'))('leaves PostgreSQL queries alone', async () => {
    const postgres = await createTestDatabase('postgres', { seed: false });
    try {
      expect(QUERIES.messagePage(postgres.db, DEMO.owner.id).compile().sql).toContain('"i"."account_id" = $1');
    } finally {
      await postgres.destroy();
    }
  });
});
