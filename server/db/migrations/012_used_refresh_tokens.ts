import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Every refresh token a first-party session rotated away (hash), kept as long as a refresh token lives: one
    // presented again after its retry grace was stolen (RFC 9700 4.14.2) and ends its session
    // (server/modules/accounts/sessions.ts).
    await db.schema
      .createTable('used_refresh_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('retry_until', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('used_refresh_tokens_session_idx')
      .on('used_refresh_tokens')
      .column('session_id')
      .execute();
    await db.schema
      .createIndex('used_refresh_tokens_expiry_idx')
      .on('used_refresh_tokens')
      .column('expires_at')
      .execute();
    // The one each session already remembers (migration 011) counts too: it was rotated away when the session's
    // current refresh token was issued, which expires when it would have been forgotten.
    await sql`
      INSERT INTO used_refresh_tokens (token_hash, session_id, retry_until, expires_at)
      SELECT previous_refresh_token_hash, id, retry_until, refresh_expires_at FROM sessions
      WHERE previous_refresh_token_hash IS NOT NULL AND retry_until IS NOT NULL
    `.execute(db);
  },
};
