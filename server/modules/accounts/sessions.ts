import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TokenResponse } from '../../../common/api-types.ts';
import { sql } from 'kysely';
import { inBatches } from '../../db/batched-sweep.ts';
import { announceRevocation, type Db, followChannel, mayCacheAcross, supportsRowLocks } from '../../db/database.ts';
import {
  openRetryAnswer,
  REFRESH_RETRY_GRACE_MS,
  sealRetryAnswer,
  sessionAnswerSchema,
  UNANSWERED_REFRESH_RETRY_MS,
} from './refresh-retries.ts';

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

/**
 * A new session for the account. It keeps at most `keep` live sessions: beyond them the oldest are signed out (as by
 * `revokeSession`), so that signing in again and again does not grow the table and the caches without end.
 */
export async function createSession(
  db: Db,
  accountId: string,
  { now = new Date(), keep }: { now?: Date; keep: number },
): Promise<TokenResponse> {
  const { hashes, response } = issue(now);
  const id = randomUUID();
  const at = now.toISOString();
  const ended = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sessions')
      .values({ id, account_id: accountId, created_at: at, revoked_at: null, ...hashes })
      .execute();
    // The new one is always kept, whatever the order of sessions made in the same millisecond.
    const others = await trx
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '!=', id)
      .where('revoked_at', 'is', null)
      .where('refresh_expires_at', '>', at)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const beyond = others.slice(Math.max(keep - 1, 0)).map((session) => session.id);
    if (!beyond.length) return [];
    await trx.updateTable('sessions').set({ revoked_at: at }).where('id', 'in', beyond).execute();
    await trx.deleteFrom('mqtt_credentials').where('session_id', 'in', beyond).execute();
    return beyond;
  });
  if (ended.length) {
    announceRevocation(db);
    await Promise.all(ended.map((sessionId) => forgetSession(db, sessionId)));
  }
  return response;
}

/**
 * Swaps a valid refresh token for new tokens; the old pair stops working. Undefined if it is not valid.
 *
 * The same refresh token presented again before the session rotates again, at most `UNANSWERED_REFRESH_RETRY_MS`
 * after its use (a client's retry, its answer lost, or the same request sent twice at once), gets the answer of
 * its first use, the same new tokens, instead of a second rotation that would kill the tokens that answer handed
 * out. The answer is kept in the session row, sealed for that refresh
 * token (refresh-retries.ts), so a retry reaching another process gets it too. Two refreshes racing are ordered by
 * the row: the second finds the token already replaced, and the answer beside it.
 *
 * Every refresh token a session rotated away is remembered (`used_refresh_tokens`, as a hash) for a refresh token's
 * lifetime after its use. One presented again after its grace was stolen, or the client it was stolen from is
 * presenting it after the thief: the server cannot tell which (RFC 9700 4.14.2), so the session ends, exactly as
 * by signing out (`revokeSession`: its tokens stop working at once, in every process), and the answer is a 401.
 * Within its grace it is refused without ending anything, unless it is the token the current pair replaced (the
 * retry above): the session has rotated again since, seconds later, so this is a late retry of the client's own.
 * Rotation and remembering are one transaction, and rotating and ending the session both write its row, so a
 * rotation racing a replay never survives it: either the replay ends the session after the rotation, or it ends
 * it first and the rotation then finds no live session.
 */
export async function refreshSession(
  db: Db,
  refreshToken: string,
  now = new Date(),
): Promise<TokenResponse | undefined> {
  const presented = hashToken(refreshToken);
  const at = now.toISOString();
  const retryUntil = new Date(now.getTime() + REFRESH_RETRY_GRACE_MS).toISOString();
  // The answer serves a retry until the new refresh token is used (the session then rotates past it) or this is over.
  const answerUntil = new Date(now.getTime() + UNANSWERED_REFRESH_RETRY_MS).toISOString();
  const { hashes, response } = issue(now);
  const rotated = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('sessions')
      .set({
        ...hashes,
        previous_refresh_token_hash: presented,
        retry_until: answerUntil,
        retry_answer: sealRetryAnswer(refreshToken, response),
      })
      .where('refresh_token_hash', '=', presented)
      .where('revoked_at', 'is', null)
      .where('refresh_expires_at', '>', at)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return undefined;
    // Only this session's rows, under its row's lock: two sessions refreshing never wait for each other here.
    await trx
      .deleteFrom('used_refresh_tokens')
      .where('session_id', '=', updated.id)
      .where('expires_at', '<=', at)
      .execute();
    await trx
      .insertInto('used_refresh_tokens')
      .values({
        token_hash: presented,
        session_id: updated.id,
        retry_until: retryUntil,
        expires_at: hashes.refresh_expires_at,
      })
      .execute();
    return updated.id;
  });
  if (rotated) {
    // The session's previous access token stops working now, not when the cache would have let it go.
    await forgetSession(db, rotated);
    return response;
  }
  const replaced = await db
    .selectFrom('sessions')
    .select('retry_answer')
    .where('previous_refresh_token_hash', '=', presented)
    .where('revoked_at', 'is', null)
    .where('retry_until', '>', at)
    .executeTakeFirst();
  const retried = replaced?.retry_answer
    ? openRetryAnswer(refreshToken, replaced.retry_answer, sessionAnswerSchema)
    : undefined;
  if (retried) return retried;
  const reused = await db
    .selectFrom('used_refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'used_refresh_tokens.session_id')
    .select(['sessions.id as sessionId', 'used_refresh_tokens.retry_until as retryUntil'])
    .where('used_refresh_tokens.token_hash', '=', presented)
    .where('used_refresh_tokens.expires_at', '>', at)
    .where('sessions.revoked_at', 'is', null)
    .executeTakeFirst();
  if (reused && reused.retryUntil <= at) await revokeSession(db, reused.sessionId, now);
  return undefined;
}

/**
 * Access tokens this process has verified lately, so that a burst of API calls does not look each one up:
 * `VERIFIED_TOKEN_TTL_MS` at most, never past the token's own expiry, and dropped at once when any process rotates
 * or revokes the session: on PostgreSQL, where several processes may serve, each announces it (`NOTIFY`) and each
 * follows the others (`followSessionChanges`); a process that is not following them keeps no cache there.
 */
export const VERIFIED_TOKEN_TTL_MS = 10_000;
const MAX_VERIFIED_TOKENS = 10_000;

interface VerifiedToken {
  sessionId: string;
  accountId: string;
  /** Until when this entry may answer: the earlier of the cache TTL and the token's expiry. */
  until: number;
}

const verifiedTokens = new WeakMap<Db, Map<string, VerifiedToken>>();
/** Token hashes found to be no session's, until when that answer may be reused. */
const knownMisses = new WeakMap<Db, Map<string, number>>();

function missesOf(db: Db): Map<string, number> {
  let misses = knownMisses.get(db);
  if (!misses) knownMisses.set(db, (misses = new Map()));
  return misses;
}

function verifiedTokensOf(db: Db): Map<string, VerifiedToken> {
  let tokens = verifiedTokens.get(db);
  if (!tokens) verifiedTokens.set(db, (tokens = new Map()));
  return tokens;
}

const SESSION_CHANNEL = 'navimow_sessions';

function dropCached(db: Db, sessionId: string): void {
  const tokens = verifiedTokensOf(db);
  for (const [hash, entry] of tokens) if (entry.sessionId === sessionId) tokens.delete(hash);
}

/** Drops the session's cached tokens here and, on PostgreSQL, in every other process. */
async function forgetSession(db: Db, sessionId: string): Promise<void> {
  dropCached(db, sessionId);
  if (supportsRowLocks(db)) await sql`SELECT pg_notify(${SESSION_CHANNEL}, ${sessionId})`.execute(db);
}

/**
 * On PostgreSQL: follows the sessions other processes rotate or revoke, so that this process's cache of verified
 * tokens may answer. Returns how to stop. While the listening connection is broken the cache is dropped and not
 * used (every token is looked up), as a missed revocation must never keep a token alive; it is dropped again when
 * the feed is back, since what was announced meanwhile was missed.
 */
export function followSessionChanges(db: Db, log: (error: Error) => void): Promise<() => Promise<void>> {
  return followChannel(
    db,
    SESSION_CHANNEL,
    (sessionId) => {
      dropCached(db, sessionId);
      // A rotation or a revocation: open MQTT connections are checked again either way.
      announceRevocation(db);
    },
    (error) => {
      verifiedTokensOf(db).clear();
      log(error);
    },
    () => verifiedTokensOf(db).clear(),
  );
}

const mayCache = (db: Db) => mayCacheAcross(db, SESSION_CHANNEL);

export async function accountForAccessToken(db: Db, accessToken: string, now = new Date()) {
  const hash = hashToken(accessToken);
  const tokens = verifiedTokensOf(db);
  const known = tokens.get(hash);
  if (known && known.until > now.getTime()) return { sessionId: known.sessionId, accountId: known.accountId };
  if (known) tokens.delete(hash);
  const missedUntil = missesOf(db).get(hash);
  if (missedUntil !== undefined && missedUntil > now.getTime()) return undefined;

  const session = await db
    .selectFrom('sessions')
    .select(['id as sessionId', 'account_id as accountId', 'access_expires_at as expiresAt'])
    .where('access_token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .where('access_expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!session) {
    // Not a session's token (a linked service's, as a rule): it never becomes one, as session tokens are new random
    // strings, so this answer may be kept as long as a positive one.
    const misses = missesOf(db);
    if (misses.size >= MAX_VERIFIED_TOKENS) misses.delete(misses.keys().next().value!);
    misses.set(hash, now.getTime() + VERIFIED_TOKEN_TTL_MS);
    return undefined;
  }
  if (!mayCache(db)) return { sessionId: session.sessionId, accountId: session.accountId };
  if (tokens.size >= MAX_VERIFIED_TOKENS) tokens.delete(tokens.keys().next().value!);
  const until = Math.min(now.getTime() + VERIFIED_TOKEN_TTL_MS, Date.parse(session.expiresAt));
  tokens.set(hash, { sessionId: session.sessionId, accountId: session.accountId, until });
  return { sessionId: session.sessionId, accountId: session.accountId };
}

/**
 * Drops the sealed answers of sessions whose retry grace is over (every 30 s, server/main.ts): a copy of the
 * database and the refresh token a session rotated away would otherwise open its current tokens until its next
 * rotation.
 */
export async function sweepSessionRetryAnswers(db: Db, now = new Date()): Promise<void> {
  const graceOver = now.toISOString();
  await inBatches((limit) =>
    db
      .updateTable('sessions')
      .set({ retry_answer: null })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('sessions')
          .select('id')
          .where('retry_answer', 'is not', null)
          .where('retry_until', '<=', graceOver)
          .limit(limit),
      )
      .executeTakeFirst(),
  );
}

/** Forgets used refresh tokens past their lifetime (the hourly sweep; a session refreshing sweeps its own too). */
export async function sweepUsedRefreshTokens(db: Db, now = new Date()): Promise<void> {
  const expired = now.toISOString();
  await inBatches((limit) =>
    db
      .deleteFrom('used_refresh_tokens')
      .where('token_hash', 'in', (eb) =>
        eb.selectFrom('used_refresh_tokens').select('token_hash').where('expires_at', '<=', expired).limit(limit),
      )
      .executeTakeFirst(),
  );
}

/**
 * Ends a session (sign-out, a replayed refresh token): its tokens, and the MQTT pairs handed out under it
 * (server/modules/mqtt/mqtt-credentials.ts), which would otherwise keep control of the mowers for up to a day.
 */
export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('sessions').set({ revoked_at: now.toISOString() }).where('id', '=', sessionId).execute();
    await trx.deleteFrom('mqtt_credentials').where('session_id', '=', sessionId).execute();
  });
  announceRevocation(db);
  await forgetSession(db, sessionId);
}
