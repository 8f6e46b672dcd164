import type { FastifyRequest } from 'fastify';
import type { CredentialOrigin } from '../../db/credential-origins.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { accountForAccessToken } from './sessions.ts';

/**
 * What a request may do for its account. `mower:read` and `mower:control` are the OAuth scopes a linked service
 * (Alexa, Google, Home Assistant) can hold; `account` is the account's own data and settings (comments, sign-out,
 * later sharing, newsletter, policy), which only the app's first-party sessions may touch.
 */
export type Permission = 'mower:read' | 'mower:control' | 'account';

const LINKABLE: readonly Permission[] = ['mower:read', 'mower:control'];
const FIRST_PARTY: ReadonlySet<Permission> = new Set<Permission>([...LINKABLE, 'account']);

export interface Caller {
  accountId: string;
  /** The first-party session; undefined when a linked service (OAuth) calls for the account. */
  sessionId: string | undefined;
  /** The linked service's client, for OAuth tokens. */
  clientId: string | undefined;
  /** The OAuth grant (the link) the token was issued under; undefined for a first-party session. */
  grantId: string | undefined;
  permissions: ReadonlySet<Permission>;
}

/** What the caller's token was issued under, for what may live no longer than it (MQTT pairs, live streams). */
export function originOf(caller: Caller): CredentialOrigin | undefined {
  if (caller.sessionId) return { sessionId: caller.sessionId };
  return caller.grantId ? { grantId: caller.grantId } : undefined;
}

/** What the OAuth server knows of one of its access tokens. */
export interface OAuthTokenGrant {
  accountId: string;
  clientId: string;
  /** The grant (the link) the token belongs to: what ends when the user unlinks or the token family is revoked. */
  grantId: string;
  scopes: readonly string[];
}

/** The account, client, grant and scopes of a valid OAuth access token issued to a linked service (the oauth module's). */
export type TokenGrantLookup = (token: string) => Promise<OAuthTokenGrant | undefined>;

/** The account behind the request's bearer token if it may do `permission`: else a 401 (no valid token) or 403. */
export type RequireCaller = (request: FastifyRequest, permission: Permission) => Promise<Caller>;

/** What a module's routes that act for an account are registered with: the database and who calls. */
export interface CallerRoutesOptions {
  db: Db;
  requireCaller: RequireCaller;
}

const unauthorized = () =>
  new HttpError(401, 'unauthorized', 'Sign in again to continue.', undefined, { 'WWW-Authenticate': 'Bearer' });

/** RFC 6750 section 3.1: a valid token that may not do this. */
const insufficientScope = (permission: Permission) =>
  new HttpError(
    403,
    'insufficient_scope',
    permission === 'account'
      ? 'Only the Navimow app may do this; a linked service may not.'
      : `This token lacks the scope ${permission}.`,
    undefined,
    {
      'WWW-Authenticate':
        permission === 'account'
          ? 'Bearer error="insufficient_scope"'
          : `Bearer error="insufficient_scope", scope="${permission}"`,
    },
  );

/**
 * How the routes learn who calls: first-party sessions are the accounts module's own, linked services' tokens are
 * the OAuth server's, which `app.ts` hands in as `tokenGrant` (accounts may not import oauth: oauth signs in with it).
 */
export function createRequireCaller({ db, tokenGrant }: { db: Db; tokenGrant: TokenGrantLookup }): RequireCaller {
  async function identify(request: FastifyRequest): Promise<Caller> {
    const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(request.headers.authorization ?? '');
    if (!match) throw unauthorized();
    const session = await accountForAccessToken(db, match[1]!);
    if (session) return { ...session, clientId: undefined, grantId: undefined, permissions: FIRST_PARTY };
    const grant = await tokenGrant(match[1]!);
    if (grant) {
      const permissions = new Set(LINKABLE.filter((scope) => grant.scopes.includes(scope)));
      return {
        accountId: grant.accountId,
        sessionId: undefined,
        clientId: grant.clientId,
        grantId: grant.grantId,
        permissions,
      };
    }
    throw unauthorized();
  }

  // Each request's caller, looked up once however often it is asked for (a per-account rate limit, then the route).
  const callers = new WeakMap<FastifyRequest, Promise<Caller>>();

  return async (request, permission) => {
    let identified = callers.get(request);
    if (!identified) callers.set(request, (identified = identify(request)));
    const caller = await identified;
    if (!caller.permissions.has(permission)) throw insufficientScope(permission);
    return caller;
  };
}
