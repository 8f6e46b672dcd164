import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // What each live-stream ticket was issued under, the app's session or a linked service's OAuth grant: the stream
    // it opens ends with it (server/modules/fleet/live-stream.ts). Tickets live 30 s; those issued before go now.
    await sql`DELETE FROM live_tickets`.execute(db);
    await db.schema
      .alterTable('live_tickets')
      .addColumn('session_id', 'text', (col) => col.references('sessions.id').onDelete('cascade'))
      .execute();
    // One column per statement: SQLite adds no more. Grants live in oauth_records, keyed by model and id: no reference.
    await db.schema.alterTable('live_tickets').addColumn('grant_id', 'text').execute();
  },
};
