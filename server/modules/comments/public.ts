/** What the rest of the server may use of the comments module (docs/decisions/008-import-boundaries.md). */
export { commentRoutes } from './comment-routes.ts';
