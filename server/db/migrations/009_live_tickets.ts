import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Single-use tickets that open a page's live stream of one mower (EventSource sends no Authorization header):
    // made by an authenticated POST, taken by the stream's GET within seconds, stored only as a hash.
    await db.schema
      .createTable('live_tickets')
      .addColumn('ticket_hash', 'text', (col) => col.primaryKey())
      .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('mower_serial', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('live_tickets_expiry_idx').on('live_tickets').column('expires_at').execute();
  },
};
