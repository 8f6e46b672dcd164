import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_BATCH } from '../../db/batched-sweep.ts';
import { DEMO } from '../../db/seed.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/test-database.ts';
import { sweepOldMessages } from './message-retention.ts';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const RETENTION = { readDays: 90, unreadDays: 365 };

/**
 * The hourly sweep of old messages: a reader's read copy goes after 90 days, an unread one after 365, a message
 * once no reader keeps it; the History (older than 30 days) keeps the rest. However many there are, a batch at a time.
 */
describe.each(testDatabaseKinds)('the retention of messages on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  async function post(id: string, createdAt: string, reads: { owner?: 'read' | 'unread'; friend?: 'read' | 'unread' }) {
    await database.db
      .insertInto('messages')
      .values({
        id,
        mower_serial: DEMO.mowers.shared.serial,
        category: 'workLog',
        type: 'mowingStarted',
        params: '{}',
        severity: 'info',
        fault_code: null,
        created_at: createdAt,
      })
      .execute();
    const copies = Object.entries(reads).map(([who, state]) => ({
      account_id: who === 'owner' ? DEMO.owner.id : DEMO.friend.id,
      message_id: id,
      category: 'workLog',
      created_at: createdAt,
      read_at: state === 'read' ? createdAt : null,
    }));
    if (copies.length) await database.db.insertInto('message_inbox').values(copies).execute();
  }

  it('drops read copies after 90 days, unread ones after 365, and messages nobody keeps', async () => {
    // More than two batches of old read copies, so that a sweep that stopped after one would leave some behind.
    const many = SWEEP_BATCH * 2 + 7;
    for (let start = 0; start < many; start += 250) {
      const rows = Array.from({ length: Math.min(250, many - start) }, (_, offset) => `old-read-${start + offset}`);
      await database.db
        .insertInto('messages')
        .values(
          rows.map((id) => ({
            id,
            mower_serial: DEMO.mowers.owned.serial,
            category: 'workLog',
            type: 'mowingStarted',
            params: '{}',
            severity: 'info',
            fault_code: null,
            created_at: daysAgo(100),
          })),
        )
        .execute();
      await database.db
        .insertInto('message_inbox')
        .values(
          rows.map((id) => ({
            account_id: DEMO.owner.id,
            message_id: id,
            category: 'workLog',
            created_at: daysAgo(100),
            read_at: daysAgo(99),
          })),
        )
        .execute();
    }
    await post('history-read', daysAgo(45), { owner: 'read', friend: 'read' });
    await post('read-by-one', daysAgo(120), { owner: 'read', friend: 'unread' });
    await post('unread-old', daysAgo(300), { owner: 'unread' });
    await post('unread-older', daysAgo(400), { owner: 'unread', friend: 'read' });
    await post('almost-90', daysAgo(89), { owner: 'read' });
    await post('nobody', daysAgo(100), {});
    await post('nobody-recent', daysAgo(10), {});

    await sweepOldMessages(database.db, RETENTION, NOW);

    const copies = await database.db
      .selectFrom('message_inbox')
      .select(['account_id', 'message_id'])
      .where('message_id', 'not like', 'demo-%')
      .orderBy('message_id')
      .orderBy('account_id')
      .execute();
    expect(copies).toEqual([
      { account_id: DEMO.owner.id, message_id: 'almost-90' },
      { account_id: DEMO.friend.id, message_id: 'history-read' },
      { account_id: DEMO.owner.id, message_id: 'history-read' },
      { account_id: DEMO.friend.id, message_id: 'read-by-one' },
      { account_id: DEMO.owner.id, message_id: 'unread-old' },
    ]);
    const messages = await database.db
      .selectFrom('messages')
      .select('id')
      .where('id', 'not like', 'demo-%')
      .orderBy('id')
      .execute();
    // A message nobody ever received is kept as long as a read one: the sweep cannot tell it from one just posted.
    expect(messages.map((row) => row.id)).toEqual([
      'almost-90',
      'history-read',
      'nobody-recent',
      'read-by-one',
      'unread-old',
    ]);
  });
});
