import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { AmazonTokens } from './amazon-client.ts';

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** Stores a new app-to-app state for the account (and clears states that have expired, anyone's). */
export async function createLinkState(
  db: Db,
  input: { state: string; accountId: string; codeVerifier: string; expiresAt: Date; now: Date },
) {
  await db.deleteFrom('alexa_link_states').where('expires_at', '<=', input.now.toISOString()).execute();
  await db
    .insertInto('alexa_link_states')
    .values({
      state_hash: hashState(input.state),
      account_id: input.accountId,
      code_verifier: input.codeVerifier,
      expires_at: input.expiresAt.toISOString(),
      created_at: input.now.toISOString(),
    })
    .execute();
}

/**
 * Uses a state up: one statement deletes it and answers its verifier, so of two requests with one state exactly one
 * gets it. Another account's state is left alone (and refused), an expired one is refused.
 */
export async function consumeLinkState(
  db: Db,
  state: string,
  accountId: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('alexa_link_states')
    .where('state_hash', '=', hashState(state))
    .where('account_id', '=', accountId)
    .where('expires_at', '>', now.toISOString())
    .returning('code_verifier')
    .executeTakeFirst();
  return row?.code_verifier;
}

export async function saveAmazonLink(
  db: Db,
  input: { grantId: string; accountId: string; tokens: AmazonTokens; now: Date },
) {
  await db
    .insertInto('alexa_amazon_links')
    .values({
      grant_id: input.grantId,
      account_id: input.accountId,
      access_token: input.tokens.accessToken,
      refresh_token: input.tokens.refreshToken,
      access_expires_at: input.tokens.accessExpiresAt,
      created_at: input.now.toISOString(),
    })
    .execute();
}

export async function updateAmazonTokens(db: Db, grantId: string, tokens: AmazonTokens) {
  await db
    .updateTable('alexa_amazon_links')
    .set({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      access_expires_at: tokens.accessExpiresAt,
    })
    .where('grant_id', '=', grantId)
    .execute();
}

export const amazonLinksOf = (db: Db, accountId: string) =>
  db.selectFrom('alexa_amazon_links').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();

export async function deleteAmazonLink(db: Db, grantId: string) {
  await db.deleteFrom('alexa_amazon_links').where('grant_id', '=', grantId).execute();
}
