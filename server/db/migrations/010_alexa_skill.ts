import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The Alexa skill's memory per account (server/modules/alexa-skill): who uses it, and the active mower.
    await db.schema
      .createTable('alexa_skill_accounts')
      .addColumn('account_id', 'text', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('alexa_user_id', 'text', (col) => col.notNull())
      .addColumn('active_mower_serial', 'text')
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('alexa_skill_accounts_user_idx')
      .on('alexa_skill_accounts')
      .column('alexa_user_id')
      .execute();
  },
};
