/** What the rest of the server may use of the policy module (docs/decisions/008-import-boundaries.md). */
export { policyRoutes } from './policy-routes.ts';
