import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('comments')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
      // A comment outlives the mower it was about (sold, removed from the account): it stays, unlinked.
      .addColumn('mower_serial', 'text', (col) => col.references('mowers.serial_number').onDelete('set null'))
      .addColumn('rating', 'integer', (col) => col.notNull())
      .addColumn('topic', 'text')
      .addColumn('comment', 'text')
      .addColumn('idempotency_key', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    // Both databases let many rows have no key (NULLs are distinct), and refuse a key twice per account.
    await db.schema
      .createIndex('comments_account_idempotency_key_idx')
      .on('comments')
      .columns(['account_id', 'idempotency_key'])
      .unique()
      .execute();
    await db.schema.createIndex('comments_created_idx').on('comments').column('created_at').execute();
  },
};
