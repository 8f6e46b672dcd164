import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // oidc-provider's models (authorization codes, tokens, grants, sessions, interactions), one row each.
    await db.schema
      .createTable('oauth_records')
      .addColumn('model', 'text', (col) => col.notNull())
      .addColumn('id', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('uid', 'text')
      .addColumn('user_code', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('consumed_at', 'text')
      .addPrimaryKeyConstraint('oauth_records_pk', ['model', 'id'])
      .execute();
    await db.schema.createIndex('oauth_records_grant_idx').on('oauth_records').column('grant_id').execute();
    await db.schema.createIndex('oauth_records_uid_idx').on('oauth_records').columns(['model', 'uid']).execute();
    await db.schema.createIndex('oauth_records_expiry_idx').on('oauth_records').column('expires_at').execute();
  },
};
