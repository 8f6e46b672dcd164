import { afterEach, describe, expect, it } from 'vitest';
import { INVITATION_LIFETIME_DAYS } from '../../common/sharing.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../testing/test-database.ts';
import { DEMO, seedDemoData } from './seed.ts';

describe.each(testDatabaseKinds)('the demo data (%s)', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.destroy());

  it('lets the pending invitation run out as a real one does, a week after seeding', async () => {
    database = await createTestDatabase(kind, { seed: false });
    const now = new Date('2026-11-27T23:00:00.000Z');
    expect(await seedDemoData(database.db, now)).toBe(true);
    const { expires_at } = await database.db
      .selectFrom('invitations')
      .select('expires_at')
      .where('id', '=', DEMO.invitations.pending)
      .executeTakeFirstOrThrow();
    expect(expires_at).toBe(new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 86_400_000).toISOString());
  });
});
