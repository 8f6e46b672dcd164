/** What the rest of the server may use of the navimow-api module (docs/decisions/008-import-boundaries.md). */
import { defineModule, HOUR_MS } from '../../module.ts';
import { sweepCommandResults } from './command-results.ts';
import { type OpenApiOptions, openApiRoutes } from './openapi-routes.ts';
export { openApiRoutes } from './openapi-routes.ts';
export { sweepCommandResults } from './command-results.ts';

/** The Navimow cloud's API under /openapi for its public clients (docs/decisions/016-navimow-compatible-api.md). */
export const navimowApiModule = defineModule({
  name: 'navimow-api',
  routes: (parent, { db, requireCaller, fleet, commandBudget, mqttEndpoint }: OpenApiOptions) =>
    parent.register(openApiRoutes, { prefix: '/openapi', db, requireCaller, fleet, commandBudget, mqttEndpoint }),
  sweeps: [{ name: 'command results', everyMs: HOUR_MS, run: (db) => sweepCommandResults(db) }],
});
