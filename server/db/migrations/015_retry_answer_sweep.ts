import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Sealed retry answers are dropped within 30 s of their grace (server/main.ts, in each process). These indexes
    // hold only the rows that still carry one, so that the sweep never reads the others.
    for (const [table, column] of [
      ['oauth_records', 'consumed_at'],
      ['sessions', 'retry_until'],
    ] as const) {
      await db.schema
        .createIndex(`${table}_retry_answer_idx`)
        .on(table)
        .column(column)
        .where(sql.ref('retry_answer'), 'is not', null)
        .execute();
    }
  },
};
