import { AsyncLocalStorage } from 'node:async_hooks';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/database.ts';

interface TokenRequest {
  trx: Db;
  /** What must wait until the request's writes are committed (caches told of a revocation). */
  afterCommit: (() => unknown)[];
}

const current = new AsyncLocalStorage<TokenRequest>();

/** Ends `rotateAtomically`'s transaction without committing it: the request answers with an error of its own. */
class NotCommitted extends Error {}

/**
 * The database as the token request in progress writes it: its one transaction (see `rotateAtomically`); `db`
 * outside a token request. Everything the token endpoint reads or writes goes through this, or on SQLite (one
 * connection, held by the transaction) it would wait for itself.
 */
export const tokenRequestDb = (db: Db): Db => current.getStore()?.trx ?? db;

/** Runs `fn` inside the token request's transaction if there is one, else in a transaction of its own. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  const request = current.getStore();
  return request ? fn(request.trx) : db.transaction().execute(fn);
}

/** Runs `fn` once the token request's writes are committed (at once outside one); not if they are rolled back. */
export function afterCommit(fn: () => unknown): void {
  const request = current.getStore();
  if (request) request.afterCommit.push(fn);
  else fn();
}

/**
 * Middleware of the provider: every token request (a code redeemed, a refresh token rotated) is one transaction.
 * oidc-provider consumes the old refresh token, stores the new one and the access token, slides the grant and we
 * keep the answer for a retry (refresh-replay.ts) in separate writes; if any of them failed (a database restarting,
 * a full disk) after the old token was consumed, the client's retry would find it used and end the link. Now they
 * all count or none does, and the answer leaves only once they are committed: an error answer (a 5xx) rolls back,
 * and a failed commit turns the answer into the error (`answerOutages` makes it a 503).
 */
export function rotateAtomically(db: Db, tokenPath: string) {
  return async function rotateAtomically(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
    if (ctx.path !== tokenPath || ctx.method !== 'POST') return next();
    const afterCommitted: (() => unknown)[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        await current.run({ trx, afterCommit: afterCommitted }, next);
        if (ctx.status >= 500) throw new NotCommitted();
      });
    } catch (error) {
      if (!(error instanceof NotCommitted)) throw error;
      return;
    }
    for (const fn of afterCommitted) fn();
  };
}
