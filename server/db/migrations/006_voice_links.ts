import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Link state is read from the OAuth records by account and client (docs/decisions/012-voice-links.md).
    await db.schema.alterTable('oauth_records').addColumn('account_id', 'text').execute();
    await db.schema.alterTable('oauth_records').addColumn('client_id', 'text').execute();
    await db.schema
      .createIndex('oauth_records_account_idx')
      .on('oauth_records')
      .columns(['account_id', 'model', 'client_id'])
      .execute();
    const records = db as unknown as Kysely<{
      oauth_records: {
        model: string;
        id: string;
        payload: string;
        account_id: string | null;
        client_id: string | null;
      };
    }>;
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
    await db.schema
      .createIndex('alexa_amazon_links_account_idx')
      .on('alexa_amazon_links')
      .column('account_id')
      .execute();
  },
};
