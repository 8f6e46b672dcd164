import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { DEMO } from '../../db/seed.ts';
import { createTestDatabase, testDatabaseKinds } from '../../testing/test-database.ts';
import {
  COMMAND_RESULT_TTL_MS,
  commandStatuses,
  CONFIRM_MS,
  recordCommandResults,
  sweepCommandResults,
} from './command-results.ts';

const OWNED = DEMO.mowers.owned.serial;
const SHARED = DEMO.mowers.shared.serial;

describe.each(testDatabaseKinds)('the results responseCommands answers, on %s', (kind) => {
  let db: Db;
  let destroy: () => Promise<void>;
  const at = Date.parse('2026-06-01T08:00:00.000Z');

  beforeAll(async () => {
    ({ db, destroy } = await createTestDatabase(kind));
  });
  afterAll(() => destroy());

  it('answers 2 until the mower confirms, then 3, or 4 with why; in the order asked', async () => {
    const [done, failed] = await recordCommandResults(
      db,
      DEMO.owner.id,
      [
        { deviceId: OWNED, errorCode: undefined },
        { deviceId: SHARED, errorCode: 'deviceOffline' },
      ],
      at,
    );
    const asked = [
      { id: SHARED, cmdNum: failed! },
      { id: OWNED, cmdNum: done! },
    ];
    expect(await commandStatuses(db, DEMO.owner.id, asked, at + CONFIRM_MS - 1)).toEqual([
      { ...asked[0], status: 2 },
      { ...asked[1], status: 2 },
    ]);
    expect(await commandStatuses(db, DEMO.owner.id, asked, at + CONFIRM_MS)).toEqual([
      { ...asked[0], status: 4, errorCode: 'deviceOffline' },
      { ...asked[1], status: 3 },
    ]);
  });

  it('leaves out another account’s numbers, a number named with another device, an expired one; the sweep removes those', async () => {
    const [cmdNum] = await recordCommandResults(db, DEMO.owner.id, [{ deviceId: OWNED, errorCode: undefined }], at);
    expect(await commandStatuses(db, DEMO.friend.id, [{ id: OWNED, cmdNum: cmdNum! }], at)).toEqual([]);
    expect(await commandStatuses(db, DEMO.owner.id, [{ id: SHARED, cmdNum: cmdNum! }], at)).toEqual([]);
    expect(await commandStatuses(db, DEMO.owner.id, [{ id: OWNED, cmdNum: 'made-up' }], at)).toEqual([]);
    const later = at + COMMAND_RESULT_TTL_MS;
    expect(await commandStatuses(db, DEMO.owner.id, [{ id: OWNED, cmdNum: cmdNum! }], later)).toEqual([]);

    const [kept] = await recordCommandResults(db, DEMO.owner.id, [{ deviceId: OWNED, errorCode: undefined }], later);
    await sweepCommandResults(db, later);
    const left = await db.selectFrom('command_results').select('cmd_num').execute();
    expect(left.map((row) => row.cmd_num)).toEqual([kept]);
  });
});
