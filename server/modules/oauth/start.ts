import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Started } from '../../module.ts';
import {
  createRequireCaller,
  type LoginThrottle,
  type RequireCaller,
  type TokenGrantLookup,
} from '../accounts/public.ts';
import type { LinkingClient } from './clients.ts';
import { createTokenGrantLookup, followTokenRevocations } from './grant-cache.ts';
import { createLinkGrants, type LinkGrants } from './link-grants.ts';
import { oauthRoutes } from './oauth-routes.ts';
import { createOAuthProvider } from './provider.ts';

export interface OAuthProvides {
  /** A linked service's token, looked up (and cached until a revocation in any process ends it). */
  tokenGrant: TokenGrantLookup;
  /**
   * Who calls a route: the app's own session or a linked service's OAuth token, handed to every module that needs
   * it, so that the modules' dependencies are all imports or options.
   */
  requireCaller: RequireCaller;
  /** The linked services' grants: who is linked, since when, and unlinking. */
  linkGrants: LinkGrants;
}

export interface OAuthStartNeeds {
  db: Db;
  throttle: LoginThrottle;
  config: {
    publicUrl: string;
    oauthClients: readonly LinkingClient[];
    oauthCookieKeys: string[] | undefined;
    tokenRequestsPerMinute: number;
    authorizeRequestsPerMinute: number;
    loginRequestsPerMinute: number;
  };
}

/** The authorization server (docs/decisions/005-oauth-server.md): its provider, its routes under `/oauth`, its feeds. */
export async function startOAuth(
  app: FastifyInstance,
  { db, throttle, config }: OAuthStartNeeds,
): Promise<Started<OAuthProvides>> {
  const provider = createOAuthProvider({
    db,
    issuer: config.publicUrl,
    clients: config.oauthClients,
    cookieKeys: config.oauthCookieKeys,
  });
  const tokenGrant = createTokenGrantLookup(db, provider);
  const stopFollowingRevocations = await followTokenRevocations(db, (error) =>
    app.log.error(
      { err: error },
      "lost the feed of OAuth revocations: linked services' tokens are looked up every time until it is back",
    ),
  );
  await app.register(oauthRoutes, {
    db,
    provider,
    clients: config.oauthClients,
    throttle,
    tokenRequestsPerMinute: config.tokenRequestsPerMinute,
    authorizeRequestsPerMinute: config.authorizeRequestsPerMinute,
    loginRequestsPerMinute: config.loginRequestsPerMinute,
  });
  return {
    provides: {
      tokenGrant,
      requireCaller: createRequireCaller({ db, tokenGrant }),
      linkGrants: createLinkGrants(db, provider),
    },
    close: stopFollowingRevocations,
  };
}
