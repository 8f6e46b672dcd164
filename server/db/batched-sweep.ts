import type { UpdateResult } from 'kysely';

/** Rows one statement of a frequent sweep changes at most. */
export const SWEEP_BATCH = 500;

/**
 * Runs `sweep` (an update of at most `limit` rows) until a run changes fewer. Each run is a short write, so other
 * writers wait for one batch, not for the whole sweep, however much it finds: a token endpoint refreshing 850
 * times a second leaves 25 000 retry answers in 30 s, and far more after a pause (on SQLite, 7 000 rows in one
 * statement held the write lock for about 50 ms, a batch of 500 for about 5).
 */
export async function inBatches(sweep: (limit: number) => Promise<UpdateResult>, limit = SWEEP_BATCH): Promise<void> {
  for (;;) {
    const { numUpdatedRows } = await sweep(limit);
    if (numUpdatedRows < BigInt(limit)) return;
  }
}
