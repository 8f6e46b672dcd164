import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A first-party refresh retried within seconds gets its first answer again, from whichever process it reaches
    // (server/modules/accounts/sessions.ts): the refresh token just replaced, until when, and that answer
    // encrypted under a key only that token gives.
    // One column per statement: SQLite adds no more.
    for (const column of ['previous_refresh_token_hash', 'retry_until', 'retry_answer']) {
      await db.schema.alterTable('sessions').addColumn(column, 'text').execute();
    }
    await db.schema
      .createIndex('sessions_previous_refresh_idx')
      .on('sessions')
      .column('previous_refresh_token_hash')
      .execute();
  },
};
