/** What the rest of the server may use of the navimow-api module (docs/decisions/008-import-boundaries.md). */
import { defineModule, HOUR_MS } from '../../module.ts';
import { sweepCommandResults } from './command-results.ts';
export { openApiRoutes } from './openapi-routes.ts';
export { sweepCommandResults } from './command-results.ts';

export const navimowApiModule = defineModule({
  name: 'navimow-api',
  sweeps: [{ name: 'command results', everyMs: HOUR_MS, run: (db) => sweepCommandResults(db) }],
});
