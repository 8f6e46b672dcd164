import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import { inBatches } from '../../db/batched-sweep.ts';
import type { Db } from '../../db/database.ts';
import { openRetryAnswer, REFRESH_RETRY_GRACE_MS, sealRetryAnswer } from '../accounts/public.ts';
import { storedOAuthId } from './stored-ids.ts';

/**
 * Refresh tokens of linked services rotate, and one presented again after its use ends the link: oidc-provider
 * revokes the grant (RFC 9700 section 4.14.2). Alexa and Google retry a refresh that timed out, and may send one
 * twice at once, so within `REFRESH_RETRY_GRACE_MS` of its first use a refresh token gets the answer of that use
 * again: the same tokens, not new ones. Whoever else holds the token (a thief inside those seconds) then shares the
 * client's one chain, and the next rotation by either makes the other's next refresh a replay, which ends the link;
 * rotating again would have given the thief a chain of its own that nothing ever detects.
 *
 * The answer is kept on the used token's row, sealed under a key only that token gives (refresh-retries.ts), so
 * every process can give it and a copy of the database opens none. The sweep drops it within 30 s of the grace.
 */

const tokenAnswerSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  scope: z.string().optional(),
});
type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

/** How long a second use waits for the first one's answer while that is still being made (two requests at once). */
const FIRST_ANSWER_WAIT_MS = 2_000;
const POLL_MS = 20;

/** Requests that get a first answer instead of their own, and requests that already waited for one. */
const answersToGive = new WeakMap<object, TokenAnswer>();
const waited = new WeakSet<object>();

function refreshRequest(ctx: KoaContextWithOIDC | undefined): ctx is KoaContextWithOIDC {
  return ctx?.oidc?.route === 'token' && ctx.oidc.params?.grant_type === 'refresh_token';
}

/**
 * For the storage adapter, when the refresh token of the current token request turns out used (read as used within
 * its grace, or its use lost a race with another request): waits for the first use's answer and takes it for this
 * request, which must then go no further. False when there is none to take: the first use failed after using the
 * token, or takes longer than `FIRST_ANSWER_WAIT_MS`; the token then rotates again, so that a client whose first
 * request failed half-way keeps its link.
 */
export async function takeFirstAnswer(db: Db, refreshToken: string): Promise<boolean> {
  const ctx = Provider.ctx;
  if (!refreshRequest(ctx) || ctx.oidc.params?.refresh_token !== refreshToken || waited.has(ctx)) return false;
  waited.add(ctx);
  const deadline = performance.now() + FIRST_ANSWER_WAIT_MS;
  for (;;) {
    const row = await db
      .selectFrom('oauth_records')
      .select(['retry_answer', 'client_id', 'consumed_at'])
      .where('model', '=', 'RefreshToken')
      .where('id', '=', storedOAuthId('RefreshToken', refreshToken))
      .executeTakeFirst();
    // oidc-provider checks whose token it is after reading it: a first answer goes to the client it was made for.
    if (!row?.consumed_at || row.client_id !== ctx.oidc.client?.clientId) return false;
    if (Date.now() - Date.parse(row.consumed_at) >= REFRESH_RETRY_GRACE_MS) return false;
    if (row.retry_answer) {
      const answer = openRetryAnswer(refreshToken, row.retry_answer, tokenAnswerSchema);
      if (answer) answersToGive.set(ctx, answer);
      return answer !== undefined;
    }
    if (performance.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
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
    // Before the answer leaves: a retry of a request the client saw answered always finds it. The first answer made
    // wins (a retry that rotated again, see above, does not replace it).
    await db
      .updateTable('oauth_records')
      .set({ retry_answer: sealRetryAnswer(refreshToken, ctx.body) })
      .where('model', '=', 'RefreshToken')
      .where('id', '=', storedOAuthId('RefreshToken', refreshToken))
      .where('retry_answer', 'is', null)
      .execute();
  };
}

/** A used refresh token's sealed answer is of no use past its grace: dropped within 30 s of it (server/main.ts). */
export async function sweepRefreshAnswers(db: Db, now = Date.now()): Promise<void> {
  const graceOver = new Date(now - REFRESH_RETRY_GRACE_MS).toISOString();
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
