import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The live state of each mower (docs/decisions/014-fleet-model.md), on its row so that the battery level the
    // pages show stays one column; `state_version` serialises writers (compare-and-set).
    const columns: [string, 'text' | 'integer', unknown][] = [
      ['state', 'text', 'docked'],
      ['at_station', 'integer', 1],
      ['battery_progress_ms', 'integer', 0],
      ['error_reason', 'text', null],
      ['return_reason', 'text', null],
      ['job_left_ms', 'integer', 0],
      ['job_mowed_ms', 'integer', 0],
      ['total_mowing_seconds', 'integer', 0],
      ['return_left_ms', 'integer', 0],
      ['resume_after_charge', 'integer', 0],
      ['rain_until', 'text', null],
      ['online', 'integer', 1],
      ['firmware_version', 'text', '3.2.1'],
      ['state_since', 'text', null],
      ['advanced_to', 'text', null],
      ['next_event_at', 'text', null],
      ['state_version', 'integer', 0],
    ];
    for (const [name, type, fallback] of columns) {
      await db.schema
        .alterTable('mowers')
        .addColumn(name, type, (col) => (fallback === null ? col : col.notNull().defaultTo(fallback)))
        .execute();
    }
    // The ticker's question, "whose next event is due?", is one range of this index.
    await db.schema.createIndex('mowers_next_event_idx').on('mowers').column('next_event_at').execute();

    // MQTT credentials handed out by /openapi/mqtt/userInfo/get/v2: short-lived, the password stored hashed.
    await db.schema
      .createTable('mqtt_credentials')
      .addColumn('username', 'text', (col) => col.primaryKey())
      .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('may_control', 'integer', (col) => col.notNull())
      .addColumn('client_id', 'text')
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('mqtt_credentials_expiry_idx').on('mqtt_credentials').column('expires_at').execute();
  },
};
