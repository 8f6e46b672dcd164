import type { ApiEndpoint, ApiEndpointOf } from './api-route.ts';
import { accountsApi } from './api/accounts.ts';
import { commentsApi } from './api/comments.ts';
import { fleetApi } from './api/fleet.ts';
import { healthApi } from './api/health.ts';
import { messagesApi } from './api/messages.ts';
import { newsletterApi } from './api/newsletter.ts';
import { oauthApi } from './api/oauth.ts';
import { pagesApi } from './api/personal-view.ts';
import { policyApi } from './api/policy.ts';
import { sharingApi } from './api/sharing.ts';
import { voiceLinksApi } from './api/voice-links.ts';

/**
 * The HTTP API as data (contract section 4): every route once, by module, with its method, path and schemas
 * (common/api-route.ts). The server registers each module's routes from here (server/http/serve-api.ts), the web
 * view calls them by id (src/lib/api-client.ts), and server/http/api-table.test.ts checks that the server serves
 * exactly these. Only the server loads this file at run time: the web view's bundle gets its methods and paths
 * alone (scripts/vite-api-endpoints-plugin.ts), not the schemas.
 */
export const apiModules = [
  healthApi,
  fleetApi,
  oauthApi,
  pagesApi,
  policyApi,
  newsletterApi,
  commentsApi,
  messagesApi,
  accountsApi,
  sharingApi,
  voiceLinksApi,
] as const;

export const apiRoutes = {
  ...healthApi.routes,
  ...fleetApi.routes,
  ...oauthApi.routes,
  ...pagesApi.routes,
  ...policyApi.routes,
  ...newsletterApi.routes,
  ...commentsApi.routes,
  ...messagesApi.routes,
  ...accountsApi.routes,
  ...sharingApi.routes,
  ...voiceLinksApi.routes,
};

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteId = keyof ApiRoutes;

/**
 * What the web view's bundle holds of the table (scripts/vite-api-endpoints-plugin.ts): one export per route, so that a
 * page carries the endpoints it calls and no others.
 */
export type ApiEndpoints = { readonly [Id in ApiRouteId]: ApiEndpointOf<Id> };

export function endpointsOf(routes: Record<string, ApiEndpoint>): Record<string, ApiEndpoint> {
  return Object.fromEntries(
    Object.entries(routes).map(([id, { method, path, cookies }]) => [
      id,
      { method, path, ...(cookies && { cookies }) },
    ]),
  );
}
