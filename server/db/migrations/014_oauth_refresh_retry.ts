import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A linked service's refresh retried within seconds gets its first answer again (server/modules/oauth/
    // refresh-replay.ts): that answer, sealed under a key only the refresh token it answered gives, on the token's row.
    await db.schema.alterTable('oauth_records').addColumn('retry_answer', 'text').execute();
  },
};
