import { type Kysely, sql } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';

/**
 * Migrations in code, in order. Each runs once, in a transaction, on SQLite and PostgreSQL alike; never edit
 * one that has shipped: add the next.
 */
const migrations: Record<string, Migration> = {
  '001_accounts_mowers_sharing': {
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
  },
  '002_comments': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('comments')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
        // A comment outlives the mower it was about (sold, removed from the account): it stays, unlinked.
        .addColumn('mower_serial', 'text', (col) => col.references('mowers.serial_number').onDelete('set null'))
        .addColumn('rating', 'integer', (col) => col.notNull())
        .addColumn('topic', 'text')
        .addColumn('comment', 'text')
        .addColumn('idempotency_key', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      // Both databases let many rows have no key (NULLs are distinct), and refuse a key twice per account.
      await db.schema
        .createIndex('comments_account_idempotency_key_idx')
        .on('comments')
        .columns(['account_id', 'idempotency_key'])
        .unique()
        .execute();
      await db.schema.createIndex('comments_created_idx').on('comments').column('created_at').execute();
    },
  },
  '003_oauth_records': {
    async up(db: Kysely<unknown>) {
      // oidc-provider's models (authorization codes, tokens, grants, sessions, interactions), one row each.
      await db.schema
        .createTable('oauth_records')
        .addColumn('model', 'text', (col) => col.notNull())
        .addColumn('id', 'text', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('grant_id', 'text')
        .addColumn('uid', 'text')
        .addColumn('user_code', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('consumed_at', 'text')
        .addPrimaryKeyConstraint('oauth_records_pk', ['model', 'id'])
        .execute();
      await db.schema.createIndex('oauth_records_grant_idx').on('oauth_records').column('grant_id').execute();
      await db.schema.createIndex('oauth_records_uid_idx').on('oauth_records').columns(['model', 'uid']).execute();
      await db.schema.createIndex('oauth_records_expiry_idx').on('oauth_records').column('expires_at').execute();
    },
  },
  '004_policy_and_newsletter': {
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
  },
  '005_messages': {
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
      await db.schema.createIndex('message_inbox_list_idx').on('message_inbox').columns(['account_id', 'created_at', 'message_id']).execute();
      await db.schema
        .createIndex('message_inbox_category_idx')
        .on('message_inbox')
        .columns(['account_id', 'category', 'created_at', 'message_id'])
        .execute();
    },
  },
  '006_voice_links': {
    async up(db: Kysely<unknown>) {
      // Link state is read from the OAuth records by account and client (docs/decisions/012-voice-links.md).
      await db.schema.alterTable('oauth_records').addColumn('account_id', 'text').execute();
      await db.schema.alterTable('oauth_records').addColumn('client_id', 'text').execute();
      await db.schema.createIndex('oauth_records_account_idx').on('oauth_records').columns(['account_id', 'model', 'client_id']).execute();
      const records = db as unknown as Kysely<{ oauth_records: { model: string; id: string; payload: string; account_id: string | null; client_id: string | null } }>;
      const rows = await records.selectFrom('oauth_records').select(['model', 'id', 'payload']).execute();
      for (const row of rows) {
        const payload = JSON.parse(row.payload) as { accountId?: unknown; clientId?: unknown };
        const accountId = typeof payload.accountId === 'string' ? payload.accountId : null;
        const clientId = typeof payload.clientId === 'string' ? payload.clientId : null;
        if (!accountId && !clientId) continue;
        await records
          .updateTable('oauth_records')
          .set({ account_id: accountId, client_id: clientId })
          .where('model', '=', row.model)
          .where('id', '=', row.id)
          .execute();
      }

      // Alexa app-to-app linking: a state handed to Amazon, single-use, bound to the account that started, with the
      // PKCE verifier of Amazon's code. Only its SHA-256 is kept: the state is a bearer secret until used.
      await db.schema
        .createTable('alexa_link_states')
        .addColumn('state_hash', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('code_verifier', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('alexa_link_states_expiry_idx').on('alexa_link_states').column('expires_at').execute();

      // Amazon's tokens for a link made app-to-app, kept to disable the skill at Amazon when the user unlinks; one row
      // per grant of ours that Amazon holds.
      await db.schema
        .createTable('alexa_amazon_links')
        .addColumn('grant_id', 'text', (col) => col.primaryKey())
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('access_token', 'text', (col) => col.notNull())
        .addColumn('refresh_token', 'text', (col) => col.notNull())
        .addColumn('access_expires_at', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('alexa_amazon_links_account_idx').on('alexa_amazon_links').column('account_id').execute();
    },
  },
  '007_shared_limits': {
    async up(db: Kysely<unknown>) {
      // Sign-in failures and request counts in the database, so that several server processes on one PostgreSQL
      // count them together (docs/decisions/013-several-processes.md). Times in milliseconds since the epoch.
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('sign_in_failures_key_idx').on('sign_in_failures').columns(['key', 'at']).execute();
      await db.schema
        .createTable('rate_limit_windows')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('started_at', 'bigint', (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull())
        .execute();
    },
  },
  '008_fleet': {
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
  },
  '009_live_tickets': {
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
  },
  '010_alexa_skill': {
    async up(db: Kysely<unknown>) {
      // The Alexa skill's memory per account (server/modules/alexa-skill): who uses it, and the active mower.
      await db.schema
        .createTable('alexa_skill_accounts')
        .addColumn('account_id', 'text', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
        .addColumn('alexa_user_id', 'text', (col) => col.notNull())
        .addColumn('active_mower_serial', 'text')
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('alexa_skill_accounts_user_idx').on('alexa_skill_accounts').column('alexa_user_id').execute();
    },
  },
  '011_session_refresh_retry': {
    async up(db: Kysely<unknown>) {
      // A first-party refresh retried within seconds gets its first answer again, from whichever process it reaches
      // (server/modules/accounts/sessions.ts): the refresh token just replaced, until when, and that answer
      // encrypted under a key only that token gives.
      // One column per statement: SQLite adds no more.
      for (const column of ['previous_refresh_token_hash', 'retry_until', 'retry_answer']) {
        await db.schema.alterTable('sessions').addColumn(column, 'text').execute();
      }
      await db.schema.createIndex('sessions_previous_refresh_idx').on('sessions').column('previous_refresh_token_hash').execute();
    },
  },
  '012_used_refresh_tokens': {
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
      await db.schema.createIndex('used_refresh_tokens_session_idx').on('used_refresh_tokens').column('session_id').execute();
      await db.schema.createIndex('used_refresh_tokens_expiry_idx').on('used_refresh_tokens').column('expires_at').execute();
      // The one each session already remembers (migration 011) counts too: it was rotated away when the session's
      // current refresh token was issued, which expires when it would have been forgotten.
      await sql`
        INSERT INTO used_refresh_tokens (token_hash, session_id, retry_until, expires_at)
        SELECT previous_refresh_token_hash, id, retry_until, refresh_expires_at FROM sessions
        WHERE previous_refresh_token_hash IS NOT NULL AND retry_until IS NOT NULL
      `.execute(db);
    },
  },
  '013_mqtt_credential_origin': {
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
  },
  '014_oauth_refresh_retry': {
    async up(db: Kysely<unknown>) {
      // A linked service's refresh retried within seconds gets its first answer again (server/modules/oauth/
      // refresh-replay.ts): that answer, sealed under a key only the refresh token it answered gives, on the token's row.
      await db.schema.alterTable('oauth_records').addColumn('retry_answer', 'text').execute();
    },
  },
  '015_retry_answer_sweep': {
    async up(db: Kysely<unknown>) {
      // Sealed retry answers are dropped within 30 s of their grace (server/main.ts, in each process). These indexes
      // hold only the rows that still carry one, so that the sweep never reads the others.
      for (const [table, column] of [
        ['oauth_records', 'consumed_at'],
        ['sessions', 'retry_until'],
      ] as const) {
        await db.schema
          .createIndex(`${table}_retry_answer_idx`)
          .on(table)
          .column(column)
          .where(sql.ref('retry_answer'), 'is not', null)
          .execute();
      }
    },
  },
  '016_commands_under_abuse': {
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
      await db.schema.alterTable('messages').addColumn('occurrences', 'integer', (col) => col.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('messages').addColumn('last_occurred_at', 'text').execute();
      await db.schema.createIndex('messages_mower_type_idx').on('messages').columns(['mower_serial', 'type', 'created_at']).execute();
      // The retention sweep (server/modules/messages/message-retention.ts) reads by age; a message's copies by its id
      // (also what deleting a message cascades through).
      await db.schema.createIndex('messages_created_idx').on('messages').column('created_at').execute();
      await db.schema.createIndex('message_inbox_age_idx').on('message_inbox').column('created_at').execute();
      await db.schema.createIndex('message_inbox_message_idx').on('message_inbox').column('message_id').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
