/** What the rest of the server may use of the newsletter module (docs/decisions/008-import-boundaries.md). */
export { newsletterRoutes } from './newsletter-routes.ts';
