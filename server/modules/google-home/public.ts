/** What the rest of the server may use of the google-home module (docs/decisions/008-import-boundaries.md). */
import { defineModule } from '../../module.ts';
import { googleHomeSettings } from './settings.ts';
export { GOOGLE_FULFILMENT_PATH, googleHomeRoutes } from './google-routes.ts';
export {
  createHomeGraph,
  FakeHomeGraph,
  type HomeGraph,
  type HomeGraphConfig,
  serviceAccountSchema,
} from './home-graph.ts';
export { type HomeGraphSync, homeGraphSync } from './home-graph-sync.ts';

export const googleHomeModule = defineModule({ name: 'google-home', settings: googleHomeSettings });
