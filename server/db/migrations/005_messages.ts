import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // A message about a mower (or the account): a type with JSON parameters, localised by the reader's page.
    await db.schema
      .createTable('messages')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('mower_serial', 'text', (col) => col.references('mowers.serial_number').onDelete('cascade'))
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('params', 'text', (col) => col.notNull())
      .addColumn('severity', 'text', (col) => col.notNull())
      .addColumn('fault_code', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    // Each reader's copy: written when the message is (to the owner and everyone the mower is shared with), so
    // a reader's list, counts and read state are one indexed range each.
    await db.schema
      .createTable('message_inbox')
      .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('message_id', 'text', (col) => col.notNull().references('messages.id').onDelete('cascade'))
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('read_at', 'text')
      .addPrimaryKeyConstraint('message_inbox_pk', ['account_id', 'message_id'])
      .execute();
    await db.schema
      .createIndex('message_inbox_list_idx')
      .on('message_inbox')
      .columns(['account_id', 'created_at', 'message_id'])
      .execute();
    await db.schema
      .createIndex('message_inbox_category_idx')
      .on('message_inbox')
      .columns(['account_id', 'category', 'created_at', 'message_id'])
      .execute();
  },
};
