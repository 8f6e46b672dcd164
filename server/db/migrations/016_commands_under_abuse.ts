import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Command budgets (server/modules/fleet/command-budget.ts): a token bucket per mower and per account, kept
    // in the database so that several processes on one PostgreSQL draw from the same one. `credit` in 1/60 000 of
    // a command (a bucket of N a minute refills N credits a millisecond): whole numbers on both databases.
    await db.schema
      .createTable('command_buckets')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('credit', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('command_buckets_updated_idx').on('command_buckets').column('updated_at').execute();
    // A work-log event the mower repeats within minutes counts into the message it already has
    // (server/modules/messages/message-queries.ts): how often, and when last.
    await db.schema
      .alterTable('messages')
      .addColumn('occurrences', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('messages').addColumn('last_occurred_at', 'text').execute();
    await db.schema
      .createIndex('messages_mower_type_idx')
      .on('messages')
      .columns(['mower_serial', 'type', 'created_at'])
      .execute();
    // The retention sweep (server/modules/messages/message-retention.ts) reads by age; a message's copies by its id
    // (also what deleting a message cascades through).
    await db.schema.createIndex('messages_created_idx').on('messages').column('created_at').execute();
    await db.schema.createIndex('message_inbox_age_idx').on('message_inbox').column('created_at').execute();
    await db.schema.createIndex('message_inbox_message_idx').on('message_inbox').column('message_id').execute();
  },
};
