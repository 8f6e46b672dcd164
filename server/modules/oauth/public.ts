/** What the rest of the server may use of the oauth module (docs/decisions/008-import-boundaries.md). */
export { DEMO_CLIENTS, type LinkingClient, linkingClientsSchema } from './clients.ts';
export { removeExpired, sweepExpired } from './kysely-adapter.ts';
export { sweepRefreshAnswers } from './refresh-replay.ts';
export { authorizationRequestOf, LOGIN_PAGES, oauthRoutes } from './oauth-routes.ts';
export { createOAuthProvider } from './provider.ts';
export { createLinkGrants, type LinkGrant, type LinkGrants } from './link-grants.ts';
export { OAUTH_SCOPES, UNREDEEMED_GRANT_TTL } from './provider.ts';
export { createTokenGrantLookup, followTokenRevocations } from './grant-cache.ts';
