import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import { inBatches } from '../../db/batched-sweep.ts';
import type { Db } from '../../db/database.ts';
import { openRetryAnswer, sealRetryAnswer, UNANSWERED_REFRESH_RETRY_MS } from '../accounts/public.ts';
import { storedOAuthId } from './stored-ids.ts';
import { tokenRequestDb } from './token-transaction.ts';

/**
 * Refresh tokens of linked services rotate, and one presented again after its use ends the link: oidc-provider
 * revokes the grant (RFC 9700 section 4.14.2). Alexa and Google retry a refresh that timed out, and may send one
 * twice at once; a refresh whose answer was lost (the server or the database went down after it committed, the
 * network dropped it) is retried too, minutes later. So until the token it handed out is used, at most
 * `UNANSWERED_REFRESH_RETRY_MS` after its first use, a refresh token gets the answer of that use again: the same
 * tokens, not new ones. Whoever else holds the token (a thief) then shares the client's one chain, and the next
 * rotation by either makes the other's next refresh a replay, which ends the link; rotating again would have given
 * the thief a chain of its own that nothing ever detects. Once the new refresh token is used the answer is dropped
 * (kysely-adapter.ts), and the old token is a replay again after `REFRESH_RETRY_GRACE_MS`.
 *
 * The answer is kept on the used token's row, sealed under a key only that token gives (refresh-retries.ts), so
 * every process can give it and a copy of the database opens none. It is written in the token request's one
 * transaction (token-transaction.ts): a used token always has its answer. The sweep drops it within 30 s of the
 * window.
 */

const tokenAnswerSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  scope: z.string().optional(),
});
type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

/** Requests that get a first answer instead of their own, and requests that already looked for one. */
const answersToGive = new WeakMap<object, TokenAnswer>();
const waited = new WeakSet<object>();

function refreshRequest(ctx: KoaContextWithOIDC | undefined): ctx is KoaContextWithOIDC {
  return ctx?.oidc?.route === 'token' && ctx.oidc.params?.grant_type === 'refresh_token';
}

/**
 * For the storage adapter (`trx`: the token request's transaction), when the refresh token of the current token
 * request turns out used (read as used, or its use lost a race with another request, whose commit this waited
 * for): takes that use's answer for this request, which must then go no further. False when there is none to take:
 * the token's successor was used, or its window is over.
 */
export async function takeFirstAnswer(trx: Db, refreshToken: string): Promise<boolean> {
  const ctx = Provider.ctx;
  if (!refreshRequest(ctx) || ctx.oidc.params?.refresh_token !== refreshToken || waited.has(ctx)) return false;
  waited.add(ctx);
  const row = await trx
    .selectFrom('oauth_records')
    .select(['retry_answer', 'client_id', 'consumed_at'])
    .where('model', '=', 'RefreshToken')
    .where('id', '=', storedOAuthId('RefreshToken', refreshToken))
    .executeTakeFirst();
  // oidc-provider checks whose token it is after reading it: a first answer goes to the client it was made for.
  if (!row?.consumed_at || !row.retry_answer || row.client_id !== ctx.oidc.client?.clientId) return false;
  if (Date.now() - Date.parse(row.consumed_at) >= UNANSWERED_REFRESH_RETRY_MS) return false;
  const answer = openRetryAnswer(refreshToken, row.retry_answer, tokenAnswerSchema);
  if (answer) answersToGive.set(ctx, answer);
  return answer !== undefined;
}

/**
 * Middleware of the provider: keeps the answer of every refresh for its retries, and gives a retry the answer that
 * `takeFirstAnswer` took for it in place of the error its request stopped with.
 */
export function keepRefreshAnswers(db: Db) {
  return async function keepRefreshAnswers(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
    await next();
    const firstAnswer = answersToGive.get(ctx);
    if (firstAnswer) {
      ctx.status = 200;
      ctx.body = firstAnswer;
      ctx.set('cache-control', 'no-store');
      return;
    }
    const refreshToken = refreshRequest(ctx) ? ctx.oidc.params?.refresh_token : undefined;
    if (ctx.status !== 200 || typeof refreshToken !== 'string') return;
    // In the request's transaction: the token is used only if this is kept for its retries.
    await tokenRequestDb(db)
      .updateTable('oauth_records')
      .set({ retry_answer: sealRetryAnswer(refreshToken, ctx.body) })
      .where('model', '=', 'RefreshToken')
      .where('id', '=', storedOAuthId('RefreshToken', refreshToken))
      .where('retry_answer', 'is', null)
      .execute();
  };
}

/** A used refresh token's sealed answer is of no use past its window: dropped within 30 s of it (server/main.ts). */
export async function sweepRefreshAnswers(db: Db, now = Date.now()): Promise<void> {
  const graceOver = new Date(now - UNANSWERED_REFRESH_RETRY_MS).toISOString();
  await inBatches((limit) =>
    db
      .updateTable('oauth_records')
      .set({ retry_answer: null })
      .where('model', '=', 'RefreshToken')
      .where('id', 'in', (eb) =>
        // Only refresh tokens' rows carry one: the partial index of migration 015 holds every row to read.
        eb
          .selectFrom('oauth_records')
          .select('id')
          .where('retry_answer', 'is not', null)
          .where('consumed_at', '<', graceOver)
          .limit(limit),
      )
      .executeTakeFirst(),
  );
}
