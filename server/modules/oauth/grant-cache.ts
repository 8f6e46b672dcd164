import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { announceRevocation, type Db, followChannel, mayCacheAcross, supportsRowLocks } from '../../db/database.ts';
import type Provider from 'oidc-provider';
import type { OAuthTokenGrant, TokenGrantLookup } from '../accounts/public.ts';
import { afterCommit, tokenRequestDb } from './token-transaction.ts';

/**
 * Access tokens of linked services that this process has verified lately, so that a service polling the mower
 * cloud (Home Assistant, Google's QUERY) is not looked up in the database on every call: at most
 * `TOKEN_GRANT_CACHE_TTL_MS`, never past the token's expiry. Any revocation (a token revoked, a grant ended by an
 * unlink, a replayed code) empties the cache of every process: here at once, elsewhere through PostgreSQL's
 * `NOTIFY`; a process that cannot follow the others keeps no cache on PostgreSQL, like the first-party sessions'.
 */
export const TOKEN_GRANT_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
const CHANNEL = 'navimow_oauth_revocations';

interface Entry {
  grant: OAuthTokenGrant;
  until: number;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

const mayCache = (db: Db) => mayCacheAcross(db, CHANNEL);

/** The grant behind an access token: from the cache while it may answer, else from `load` (the OAuth server). */
async function cachedTokenGrant(
  db: Db,
  token: string,
  load: () => Promise<(OAuthTokenGrant & { expiresAt: number }) | undefined>,
  now = Date.now(),
): Promise<OAuthTokenGrant | undefined> {
  const cache = cacheOf(db);
  const key = createHash('sha256').update(token).digest('base64url');
  const known = cache.get(key);
  if (known && known.until > now) return known.grant;
  if (known) cache.delete(key);
  const loaded = await load();
  if (!loaded) return undefined;
  const { expiresAt, ...grant } = loaded;
  if (mayCache(db)) {
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { grant, until: Math.min(now + TOKEN_GRANT_CACHE_TTL_MS, expiresAt) });
  }
  return grant;
}

/** The grant behind a linked service's access token, as `requireCaller` (accounts) and the Alexa skill ask for it. */
export function createTokenGrantLookup(db: Db, provider: Provider): TokenGrantLookup {
  return (token) =>
    cachedTokenGrant(db, token, async () => {
      const found = await provider.AccessToken.find(token);
      // Every access token of the authorization code and refresh flows belongs to a grant (the link it dies with).
      if (!found?.accountId || !found.clientId || !found.grantId || found.isExpired) return undefined;
      const scopes = String(found.scope ?? '')
        .split(' ')
        .filter(Boolean);
      return {
        accountId: found.accountId,
        clientId: found.clientId,
        grantId: found.grantId,
        scopes,
        expiresAt: (found.exp ?? 0) * 1000,
      };
    });
}

/**
 * Something was revoked: no cached grant may answer any more, in this process or (PostgreSQL) any other. Within a
 * token request, once its transaction is committed (the notification too is sent by PostgreSQL on commit).
 */
export async function forgetTokenGrants(db: Db): Promise<void> {
  const forget = () => {
    cacheOf(db).clear();
    announceRevocation(db);
  };
  cacheOf(db).clear();
  afterCommit(forget);
  if (supportsRowLocks(db)) await sql`SELECT pg_notify(${CHANNEL}, '')`.execute(tokenRequestDb(db));
}

/**
 * On PostgreSQL: follows the other processes' revocations so that this one may cache (not while the feed is broken;
 * emptied when it is back, for what it missed). Returns how to stop.
 */
export function followTokenRevocations(db: Db, log: (error: Error) => void): Promise<() => Promise<void>> {
  return followChannel(
    db,
    CHANNEL,
    () => {
      cacheOf(db).clear();
      announceRevocation(db);
    },
    (error) => {
      cacheOf(db).clear();
      log(error);
    },
    () => cacheOf(db).clear(),
  );
}
