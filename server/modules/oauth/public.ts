/** What the rest of the server may use of the oauth module (docs/decisions/008-import-boundaries.md). */
import { defineModule, HOUR_MS } from '../../module.ts';
import { sweepExpired } from './kysely-adapter.ts';
import { sweepRefreshAnswers } from './refresh-replay.ts';
import { oauthSettings } from './settings.ts';
import { startOAuth } from './start.ts';
export { DEMO_CLIENTS, type LinkingClient, linkingClientsSchema } from './clients.ts';
export { removeExpired, sweepExpired } from './kysely-adapter.ts';
export { sweepRefreshAnswers } from './refresh-replay.ts';
export { authorizationRequestOf, LOGIN_PAGES, oauthRoutes } from './oauth-routes.ts';
export { createOAuthProvider } from './provider.ts';
export { createLinkGrants, type LinkGrant, type LinkGrants } from './link-grants.ts';
export { OAUTH_SCOPES, UNREDEEMED_GRANT_TTL } from './provider.ts';
export { createTokenGrantLookup, followTokenRevocations } from './grant-cache.ts';

export const oauthModule = defineModule({
  name: 'oauth',
  settings: oauthSettings,
  start: startOAuth,
  sweeps: [
    { name: 'expired OAuth records', everyMs: HOUR_MS, run: (db) => sweepExpired(db) },
    // Sealed refresh answers serve a retry until their new token is used, an hour at most: gone within 30 s of that.
    { name: 'OAuth refresh answers', everyMs: 30 * 1000, run: (db) => sweepRefreshAnswers(db) },
  ],
});
