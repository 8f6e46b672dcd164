import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // What each MQTT pair was issued under, the app's session or the OAuth grant of a linked service: the pair dies
    // with it (server/modules/mqtt/mqtt-credentials.ts). Pairs issued before do not say; they would live 24 h at
    // most, so they go now (their clients fetch new ones when they reconnect).
    await sql`DELETE FROM mqtt_credentials`.execute(db);
    await db.schema
      .alterTable('mqtt_credentials')
      .addColumn('session_id', 'text', (col) => col.references('sessions.id').onDelete('cascade'))
      .execute();
    // One column per statement: SQLite adds no more. Grants live in oauth_records, keyed by model and id: no reference.
    await db.schema.alterTable('mqtt_credentials').addColumn('grant_id', 'text').execute();
    await db.schema.createIndex('mqtt_credentials_session_idx').on('mqtt_credentials').column('session_id').execute();
    await db.schema.createIndex('mqtt_credentials_grant_idx').on('mqtt_credentials').column('grant_id').execute();
  },
};
