import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../testing/test-database.ts';
import type { Db } from './database.ts';
import { reusableRead } from './reusable-read.ts';
import { DEMO } from './seed.ts';

const { owned, shared, notShared } = DEMO.mowers;

describe.each(testDatabaseKinds)('reusableRead on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  const ownedBy = (db: Db, ownerId: string) =>
    db
      .selectFrom('mowers')
      .select(['serial_number', 'battery_percent'])
      .where('owner_id', '=', ownerId)
      .orderBy('serial_number');

  it('answers each call for its own values, as the query built for them does', async () => {
    const read = reusableRead(ownedBy);
    for (const ownerId of [DEMO.owner.id, DEMO.friend.id, DEMO.owner.id, 'account-unknown', DEMO.friend.id]) {
      expect(await read(database.db, ownerId)).toEqual(await ownedBy(database.db, ownerId).execute());
    }
    expect((await read(database.db, DEMO.friend.id)).map((row) => row.serial_number)).toEqual([
      shared.serial,
      notShared.serial,
    ]);
  });

  it('answers calls running at once each with their own rows', async () => {
    const read = reusableRead(ownedBy);
    const owners = Array.from({ length: 20 }, (_, index) => (index % 2 ? DEMO.owner.id : DEMO.friend.id));
    const answers = await Promise.all(owners.map((ownerId) => read(database.db, ownerId)));
    answers.forEach((rows, index) => {
      expect(rows.map((row) => row.serial_number)).toEqual(
        index % 2 ? [owned.serial] : [shared.serial, notShared.serial],
      );
    });
  });

  it('binds a value, never reads it as SQL', async () => {
    const read = reusableRead(ownedBy);
    expect(await read(database.db, `' OR 1=1 --`)).toEqual([]);
    expect(await read(database.db, `${DEMO.owner.id}' OR owner_id <> '`)).toEqual([]);
  });

  it('takes lists of any length, each length with its own query', async () => {
    const bySerials = (db: Db, ownerId: string, serials: readonly string[]) =>
      db
        .selectFrom('mowers')
        .select('serial_number')
        .where('serial_number', 'in', serials)
        .where('owner_id', '=', ownerId)
        .orderBy('serial_number');
    const read = reusableRead(bySerials);
    const cases: [string, string[]][] = [
      [DEMO.friend.id, [shared.serial]],
      [DEMO.friend.id, [owned.serial, shared.serial, notShared.serial]],
      [DEMO.owner.id, [owned.serial]],
      [DEMO.friend.id, [notShared.serial, owned.serial, shared.serial]],
      [DEMO.owner.id, [shared.serial, notShared.serial]],
    ];
    for (const [ownerId, serials] of cases) {
      expect(await read(database.db, ownerId, serials)).toEqual(
        await bySerials(database.db, ownerId, serials).execute(),
      );
    }
  });

  it('refuses a value that would not be a whole bound parameter, before reading anything', async () => {
    const inText = reusableRead((db: Db, prefix: string) =>
      db.selectFrom('mowers').select('serial_number').where('serial_number', 'like', `${prefix}%`),
    );
    await expect(inText(database.db, 'NVM-')).rejects.toThrow(
      'every value must reach the query as a whole bound parameter',
    );

    const inSql = reusableRead((db: Db, serial: string) =>
      db
        .selectFrom('mowers')
        .select('serial_number')
        .where(sql<boolean>`serial_number = ${sql.lit(serial)}`),
    );
    await expect(inSql(database.db, owned.serial)).rejects.toThrow('whole bound parameter');

    const unused = reusableRead((db: Db, _ownerId: string) => db.selectFrom('mowers').select('serial_number'));
    await expect(unused(database.db, DEMO.owner.id)).rejects.toThrow('whole bound parameter');
  });
});
