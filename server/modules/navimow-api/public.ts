/** What the rest of the server may use of the navimow-api module (docs/decisions/008-import-boundaries.md). */
export { openApiRoutes } from './openapi-routes.ts';
export { sweepCommandResults } from './command-results.ts';
