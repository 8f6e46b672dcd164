import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('email', 'text', (col) => col.notNull().unique())
      .addColumn('phone', 'text', (col) => col.unique())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('display_name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('access_token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('refresh_token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('access_expires_at', 'text', (col) => col.notNull())
      .addColumn('refresh_expires_at', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();

    await db.schema
      .createTable('mowers')
      .addColumn('serial_number', 'text', (col) => col.primaryKey())
      .addColumn('owner_id', 'text', (col) => col.notNull().references('accounts.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('model', 'text', (col) => col.notNull())
      .addColumn('battery_percent', 'integer', (col) => col.notNull())
      .addColumn('winter_mode', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('mowers_owner_idx').on('mowers').column('owner_id').execute();

    await db.schema
      .createTable('invitations')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('mower_serial', 'text', (col) => col.notNull().references('mowers.serial_number').onDelete('cascade'))
      .addColumn('inviter_id', 'text', (col) => col.notNull().references('accounts.id'))
      .addColumn('invitee_id', 'text', (col) => col.notNull().references('accounts.id'))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('responded_at', 'text')
      .execute();
    await db.schema.createIndex('invitations_invitee_idx').on('invitations').column('invitee_id').execute();

    await db.schema
      .createTable('mower_shares')
      .addColumn('mower_serial', 'text', (col) => col.notNull().references('mowers.serial_number').onDelete('cascade'))
      .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('invitation_id', 'text', (col) => col.references('invitations.id'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('mower_shares_pk', ['mower_serial', 'account_id'])
      .execute();
    await db.schema.createIndex('mower_shares_account_idx').on('mower_shares').column('account_id').execute();
  },
};
