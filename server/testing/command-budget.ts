import type { Db } from '../db/database.ts';

/**
 * Spends a mower's command budget (server/modules/fleet/command-budget.ts) as other senders would, its bucket dated a
 * minute ahead so that nothing refills meanwhile. Returns how to give it back: a bucket with no row is full.
 */
export async function spendMowerBudget(db: Db, serial: string): Promise<() => Promise<void>> {
  const key = `mower ${serial}`;
  const spent = { credit: 0, updated_at: Date.now() + 60_000 };
  await db
    .insertInto('command_buckets')
    .values({ key, ...spent })
    .onConflict((conflict) => conflict.column('key').doUpdateSet(spent))
    .execute();
  return async () => {
    await db.deleteFrom('command_buckets').where('key', '=', key).execute();
  };
}
