import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenResponse } from '../../../common/api-types.ts';
import type { Db } from '../../db/database.ts';

/**
 * First-party sessions of the native app. Each sign-in is its own session, so signing in on one phone never
 * signs out another. Tokens are random and stored only as hashes; a refresh rotates both tokens.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 60 * 60 * 24 * 30;

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const inSeconds = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

function issue(now: Date) {
  const accessToken = newToken();
  const refreshToken = newToken();
  return {
    hashes: {
      access_token_hash: hashToken(accessToken),
      refresh_token_hash: hashToken(refreshToken),
      access_expires_at: inSeconds(now, ACCESS_TOKEN_TTL_SECONDS),
      refresh_expires_at: inSeconds(now, REFRESH_TOKEN_TTL_SECONDS),
    },
    response: {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
    } satisfies TokenResponse,
  };
}

export async function createSession(db: Db, accountId: string, now = new Date()): Promise<TokenResponse> {
  const { hashes, response } = issue(now);
  await db
    .insertInto('sessions')
    .values({ id: randomUUID(), account_id: accountId, created_at: now.toISOString(), revoked_at: null, ...hashes })
    .execute();
  return response;
}

/** Swaps a valid refresh token for new tokens; the old pair stops working. Undefined if it is not valid. */
export async function refreshSession(db: Db, refreshToken: string, now = new Date()): Promise<TokenResponse | undefined> {
  const { hashes, response } = issue(now);
  const updated = await db
    .updateTable('sessions')
    .set(hashes)
    .where('refresh_token_hash', '=', hashToken(refreshToken))
    .where('revoked_at', 'is', null)
    .where('refresh_expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? response : undefined;
}

export async function accountForAccessToken(db: Db, accessToken: string, now = new Date()) {
  return db
    .selectFrom('sessions')
    .select(['id as sessionId', 'account_id as accountId'])
    .where('access_token_hash', '=', hashToken(accessToken))
    .where('revoked_at', 'is', null)
    .where('access_expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now.toISOString() }).where('id', '=', sessionId).execute();
}
