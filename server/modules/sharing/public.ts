/** What the rest of the server may use of the sharing module (docs/decisions/008-import-boundaries.md). */
export { sharingRoutes } from './sharing-routes.ts';
