import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Sign-in failures and request counts in the database, so that several server processes on one PostgreSQL
    // count them together (docs/decisions/013-several-processes.md). Times in milliseconds since the epoch.
    await db.schema
      .createTable('sign_in_failures')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sign_in_failures_key_idx').on('sign_in_failures').columns(['key', 'at']).execute();
    await db.schema
      .createTable('rate_limit_windows')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('started_at', 'bigint', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .execute();
  },
};
