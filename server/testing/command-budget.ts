import type { Db } from '../db/database.ts';

/**
 * Spends a mower's command budget (server/modules/fleet/command-budget.ts), its owner's share and its sharers', the
 * buckets dated a minute ahead so that nothing refills meanwhile; a stop, a pause or a dock still gets through. Returns
 * how to give it back: a bucket with no row is full.
 */
export async function spendMowerBudget(db: Db, serial: string): Promise<() => Promise<void>> {
  const keys = [`mower ${serial}`, `mower ${serial} shared`];
  const spent = { credit: 0, updated_at: Date.now() + 60_000 };
  for (const key of keys)
    await db
      .insertInto('command_buckets')
      .values({ key, ...spent })
      .onConflict((conflict) => conflict.column('key').doUpdateSet(spent))
      .execute();
  return async () => {
    await db.deleteFrom('command_buckets').where('key', 'in', keys).execute();
  };
}
