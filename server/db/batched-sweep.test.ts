import { UpdateResult } from 'kysely';
import { describe, expect, it } from 'vitest';
import { inBatches } from './batched-sweep.ts';

describe('a sweep in batches', () => {
  /** A table of `rows` rows to clear, `limit` at a time, counting the statements. */
  function table(rows: number) {
    let left = rows;
    const limits: number[] = [];
    const sweep = async (limit: number) => {
      limits.push(limit);
      const cleared = Math.min(left, limit);
      left -= cleared;
      return new UpdateResult(BigInt(cleared), undefined);
    };
    return { sweep, limits, left: () => left };
  }

  it('clears every row, a batch at a time, and stops at the first batch that is not full', async () => {
    const rows = table(1_050);
    await inBatches(rows.sweep, 500);
    expect(rows.left()).toBe(0);
    expect(rows.limits).toEqual([500, 500, 500]);
  });

  it('runs once more after a full last batch, to find nothing left', async () => {
    const rows = table(1_000);
    await inBatches(rows.sweep, 500);
    expect(rows.limits).toHaveLength(3);
  });

  it('lets waiting work run between batches', async () => {
    const rows = table(1_050);
    const order: string[] = [];
    const sweep = async (limit: number) => {
      order.push('batch');
      return rows.sweep(limit);
    };
    // A request that arrived while the sweep runs: its callback waits for the event loop's next turn.
    setImmediate(() => order.push('request'));
    await inBatches(sweep, 500);
    expect(order).toEqual(['batch', 'request', 'batch', 'batch']);
  });

  it('runs one statement when there is nothing to clear', async () => {
    const rows = table(0);
    await inBatches(rows.sweep);
    expect(rows.limits).toHaveLength(1);
  });
});
