/** What the rest of the server may use of the mowers module (docs/decisions/008-import-boundaries.md). */
export { listMowersFor, mayUseMower, usableBy } from './mower-queries.ts';
export { mowerRoutes } from './mower-routes.ts';
