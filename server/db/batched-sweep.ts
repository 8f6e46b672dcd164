import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DeleteResult, UpdateResult } from 'kysely';

/** Rows one statement of a sweep changes at most. */
export const SWEEP_BATCH = 500;

const changedRows = (result: UpdateResult | DeleteResult) =>
  'numDeletedRows' in result ? result.numDeletedRows : result.numUpdatedRows;

/**
 * Runs `sweep` (an update or delete of at most `limit` rows) until a run changes fewer. Each run is a short write,
 * so other writers wait for one batch, not for the whole sweep, however much it finds: a token endpoint refreshing
 * 850 times a second leaves 25 000 retry answers in 30 s and as many expired tokens an hour later, and far more
 * after a pause (on SQLite, 100 000 rows in one statement held the write lock for about half a second, a batch of
 * 500 for at most 17 ms). Between batches the process turns to its waiting requests: SQLite's queries run
 * synchronously, so without that turn the batches would follow each other with no request served in between.
 */
export async function inBatches(
  sweep: (limit: number) => Promise<UpdateResult | DeleteResult>,
  limit = SWEEP_BATCH,
): Promise<void> {
  for (;;) {
    if (changedRows(await sweep(limit)) < BigInt(limit)) return;
    await nextTurn();
  }
}
