import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Who agreed to which version of the API access policy, and when: one row per account and version.
    await db.schema
      .createTable('policy_consents')
      .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('version', 'text', (col) => col.notNull())
      .addColumn('agreed_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('policy_consents_pk', ['account_id', 'version'])
      .execute();
    // Subscribed addresses, normalised; the account that subscribed it, if it still exists.
    await db.schema
      .createTable('newsletter_subscriptions')
      .addColumn('email', 'text', (col) => col.primaryKey())
      .addColumn('account_id', 'text', (col) => col.references('accounts.id').onDelete('set null'))
      .addColumn('language', 'text', (col) => col.notNull())
      .addColumn('subscribed_at', 'text', (col) => col.notNull())
      .execute();
    // The popup's state per account: subscribed from it, or "Don't show this again".
    await db.schema
      .createTable('newsletter_prompts')
      .addColumn('account_id', 'text', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('hidden_at', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .execute();
  },
};
