/** What the rest of the server may use of the google-home module (docs/decisions/008-import-boundaries.md). */
import { defineModule } from '../../module.ts';
import type { LinkingClient } from '../oauth/public.ts';
import { googleHomeRoutes, type GoogleRoutesOptions } from './google-routes.ts';
import { googleHomeSettings } from './settings.ts';
import { startGoogleHome } from './start.ts';
export { GOOGLE_FULFILMENT_PATH } from './google-routes.ts';
export { createHomeGraph, FakeHomeGraph, type HomeGraph, type HomeGraphConfig } from './home-graph.ts';
export { type HomeGraphSync, homeGraphSync } from './home-graph-sync.ts';

export const googleHomeModule = defineModule({
  name: 'google-home',
  settings: googleHomeSettings,
  start: startGoogleHome,
  // Google's smart-home fulfilment (docs/decisions/017-google-smart-home.md).
  routes: (
    parent,
    {
      db,
      requireCaller,
      fleet,
      commandBudget,
      linkGrants,
      config,
    }: Omit<GoogleRoutesOptions, 'grants' | 'googleClientIds'> & {
      linkGrants: GoogleRoutesOptions['grants'];
      config: { oauthClients: readonly LinkingClient[] };
    },
  ) =>
    parent.register(googleHomeRoutes, {
      db,
      requireCaller,
      fleet,
      commandBudget,
      grants: linkGrants,
      googleClientIds: config.oauthClients
        .filter((client) => client.kind === 'google')
        .map((client) => client.client_id),
    }),
});
