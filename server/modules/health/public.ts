/** What the rest of the server may use of the health module (docs/decisions/008-import-boundaries.md). */
export { healthRoutes } from './health-routes.ts';
