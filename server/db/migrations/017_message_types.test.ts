import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/test-database.ts';
import { migration, OLD_WELCOME_PARAMS } from './017_message_types.ts';

describe.each(testDatabaseKinds)(
  'migration 017 (messages as types, dated relative to their creation) on %s',
  (kind) => {
    let test: TestDatabase;
    beforeEach(async () => {
      test = await createTestDatabase(kind, { seed: false });
    });
    afterEach(() => test.destroy());

    const message = (id: string, type: string, params: string, createdAt: string) => ({
      id,
      mower_serial: null,
      category: 'system',
      type,
      params,
      severity: 'info',
      fault_code: null,
      created_at: createdAt,
    });

    it('turns the stored English welcome into its type, and a fixed maintenance date into days after the message', async () => {
      const { db } = test;
      await db
        .insertInto('messages')
        .values([
          message('welcome', 'generic', OLD_WELCOME_PARAMS, '2026-10-01T08:00:00.000Z'),
          message(
            'offer',
            'generic',
            JSON.stringify({ title: 'Spring offer', body: 'Blades' }),
            '2026-10-01T08:00:00.000Z',
          ),
          message('due-later', 'maintenance', JSON.stringify({ date: '2026-10-20' }), '2026-10-13T21:00:00.000Z'),
          message('due-before', 'maintenance', JSON.stringify({ date: '2026-03-01' }), '2026-10-13T09:00:00.000Z'),
          message('new-shape', 'maintenance', JSON.stringify({ dueInDays: 3 }), '2026-10-13T09:00:00.000Z'),
        ])
        .execute();

      await migration.up(db as never);
      await migration.up(db as never);

      const rows = await db.selectFrom('messages').select(['id', 'type', 'params']).orderBy('id').execute();
      expect(rows.map((row) => [row.id, row.type, JSON.parse(row.params)])).toEqual([
        ['due-before', 'maintenance', { dueInDays: 0 }],
        ['due-later', 'maintenance', { dueInDays: 7 }],
        ['new-shape', 'maintenance', { dueInDays: 3 }],
        ['offer', 'generic', { title: 'Spring offer', body: 'Blades' }],
        ['welcome', 'welcome', {}],
      ]);
    });
  },
);
