import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import { inBatches } from '../../db/batched-sweep.ts';
import { announceRevocation, type Db } from '../../db/database.ts';
import { forgetTokenGrants } from './grant-cache.ts';
import { REFRESH_RETRY_GRACE_MS } from '../accounts/public.ts';
import { takeFirstAnswer } from './refresh-replay.ts';
import { SECRET_IDS, storedOAuthId } from './stored-ids.ts';
import { afterCommit, inTransaction, tokenRequestDb } from './token-transaction.ts';

/** A stored payload as oidc-provider reads it: a used one says when it was used. */
function withConsumed({ payload, consumedAt }: { payload: AdapterPayload; consumedAt?: number }): AdapterPayload {
  return consumedAt === undefined ? payload : { ...payload, consumed: Math.floor(consumedAt / 1000) };
}

/**
 * Expired records removed each time an interaction is stored: more than one, so that a backlog shrinks while
 * interactions keep coming, and few, so that storing one stays one short statement more. Every authorization request
 * that needs a sign-in stores an interaction, most of them never finished (a flood, a user who turns back): they go
 * within minutes of expiring instead of waiting for the hourly sweep.
 */
const EXPIRED_PER_INTERACTION = 10;

/**
 * oidc-provider's storage interface over our database: one row per model and id, the payload as JSON.
 * Expired rows are never returned; `sweepExpired` removes them. Within a token request every call is part of its
 * one transaction (token-transaction.ts).
 */
export function kyselyAdapter(db: Db) {
  return class KyselyAdapter implements Adapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    private rowId(id: string): string {
      return storedOAuthId(this.model, id);
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      // The payload of a token names its own id (`jti`): not stored either, given back by `find`, which has it.
      const { jti: _jti, ...withoutId } = payload;
      const row = {
        payload: JSON.stringify(SECRET_IDS.has(this.model) ? withoutId : payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        // Whose and which client's: link state (server/modules/voice-links) is read by account and client.
        account_id: typeof payload.accountId === 'string' ? payload.accountId : null,
        client_id: typeof payload.clientId === 'string' ? payload.clientId : null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
        consumed_at: null,
      };
      await tokenRequestDb(db)
        .insertInto('oauth_records')
        .values({ model: this.model, id: this.rowId(id), ...row })
        .onConflict((conflict) => conflict.columns(['model', 'id']).doUpdateSet(row))
        .execute();
      if (this.model === 'Interaction') await removeExpired(db, EXPIRED_PER_INTERACTION);
    }

    private async findBy(column: 'id' | 'uid' | 'user_code', value: string) {
      const row = await tokenRequestDb(db)
        .selectFrom('oauth_records')
        .select(['payload', 'consumed_at', 'expires_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row || (row.expires_at && row.expires_at <= new Date().toISOString())) return undefined;
      return {
        payload: JSON.parse(row.payload) as AdapterPayload,
        consumedAt: row.consumed_at ? Date.parse(row.consumed_at) : undefined,
      };
    }

    async find(id: string) {
      const found = await this.findBy('id', this.rowId(id));
      if (!found) return undefined;
      const payload = SECRET_IDS.has(this.model) ? { ...found.payload, jti: id } : found.payload;
      // A used refresh token whose successor nobody has used yet is a client's retry (its answer lost, or two requests
      // at once), not yet a thief: the request gets the first use's answer (refresh-replay.ts) and goes no further, as
      // if the token were unknown. One with no answer left within seconds of its use is refused without ending the
      // link (a duplicate that arrived after the client refreshed again). Codes and later replays stay single-use (a
      // replay revokes the grant).
      if (this.model === 'RefreshToken' && found.consumedAt !== undefined) {
        if (await takeFirstAnswer(tokenRequestDb(db), id)) return undefined;
        if (Date.now() - found.consumedAt < REFRESH_RETRY_GRACE_MS) return undefined;
      }
      return withConsumed({ ...found, payload });
    }

    async findByUid(uid: string) {
      const found = await this.findBy('uid', uid);
      return found && withConsumed(found);
    }

    async findByUserCode(userCode: string) {
      const found = await this.findBy('user_code', userCode);
      return found && withConsumed(found);
    }

    async consume(id: string): Promise<void> {
      const trx = tokenRequestDb(db);
      const result = await trx
        .updateTable('oauth_records')
        .set({ consumed_at: new Date().toISOString() })
        .where('model', '=', this.model)
        .where('id', '=', this.rowId(id))
        // The first use counts: a retry inside the grace window must not extend it.
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      // oidc-provider checks a code's `consumed` when it reads it and consumes it before issuing tokens: two
      // exchanges of one code at the same moment would both pass that check. The conditional update decides: only
      // the exchange that consumed the code goes on (RFC 6749 section 4.1.2: a code is used once).
      if (Number(result.numUpdatedRows) === 1) {
        // This token's use proves its predecessor's answer arrived: a retry of that is a replay from now on.
        if (this.model === 'RefreshToken') await forgetPredecessorAnswers(trx, this.rowId(id));
        return;
      }
      if (this.model === 'AuthorizationCode') throw new errors.InvalidGrant('authorization code already consumed');
      // Two refreshes with one token at once: the one that used it answers, the other gives that answer again (or,
      // with none left to give, is refused without ending the link).
      if (this.model === 'RefreshToken') {
        await takeFirstAnswer(trx, id);
        throw new errors.InvalidGrant('refresh token already used');
      }
    }

    async destroy(id: string): Promise<void> {
      if (this.model === 'Grant') {
        await endGrants(
          db,
          (trx) => trx.deleteFrom('oauth_records').where('model', '=', 'Grant').where('id', '=', id).execute(),
          [id],
        );
      } else {
        await tokenRequestDb(db)
          .deleteFrom('oauth_records')
          .where('model', '=', this.model)
          .where('id', '=', this.rowId(id))
          .execute();
      }
      // A revoked token or grant: no process may keep answering for it from its cache.
      if (this.model === 'AccessToken' || this.model === 'RefreshToken' || this.model === 'Grant')
        await forgetTokenGrants(db);
    }

    /**
     * oidc-provider calls this for every model when a grant's tokens are revoked: an unlink, a replayed code or
     * refresh token, and any RFC 7009 revocation (its `revokeGrantPolicy` keeps only the Grant record of a revoked
     * access token). Every token of the grant is gone then, so the MQTT pairs issued under it go too.
     */
    async revokeByGrantId(grantId: string): Promise<void> {
      await endGrants(db, (trx) => trx.deleteFrom('oauth_records').where('grant_id', '=', grantId).execute(), [
        grantId,
      ]);
      await forgetTokenGrants(db);
    }
  };
}

/**
 * Deletes OAuth records (`remove`) and, in the same transaction, the MQTT pairs issued under these grants
 * (server/modules/mqtt/mqtt-credentials.ts): a pair must not outlive the link it was handed out for.
 */
export async function endGrants(
  db: Db,
  remove: (trx: Db) => Promise<unknown>,
  grantIds: readonly string[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await remove(trx);
    if (grantIds.length)
      await trx
        .deleteFrom('mqtt_credentials')
        .where('grant_id', 'in', [...grantIds])
        .execute();
  });
  afterCommit(() => announceRevocation(db));
}

/**
 * The sealed answers of the refresh tokens of this one's grant that were used before it: the client has the tokens
 * they handed out (it just used one), so a retry of theirs is over.
 */
async function forgetPredecessorAnswers(trx: Db, rowId: string): Promise<void> {
  await trx
    .updateTable('oauth_records')
    .set({ retry_answer: null })
    .where('model', '=', 'RefreshToken')
    .where('retry_answer', 'is not', null)
    .where('id', '!=', rowId)
    .where('grant_id', '=', (eb) =>
      eb.selectFrom('oauth_records').select('grant_id').where('model', '=', 'RefreshToken').where('id', '=', rowId),
    )
    .execute();
}

/** Deletes at most `limit` expired records, through the expiry index. */
export function removeExpired(db: Db, limit: number, now = new Date()) {
  return db
    .deleteFrom('oauth_records')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('model', 'id'),
        'in',
        selectFrom('oauth_records')
          .select(['model', 'id'])
          .where('expires_at', '<=', now.toISOString())
          .limit(limit)
          .$asTuple('model', 'id'),
      ),
    )
    .executeTakeFirst();
}

/**
 * The hourly sweep of expired records, in batches through the expiry index (and a few at each new interaction:
 * `removeExpired`); refresh tokens' retry answers go far sooner (sweepRefreshAnswers, main.ts).
 */
export async function sweepExpired(db: Db, now = new Date()): Promise<void> {
  await inBatches((limit) => removeExpired(db, limit, now));
}
