/** What the rest of the server may use of the mowers module (docs/decisions/008-import-boundaries.md). */
import { defineModule } from '../../module.ts';
import type { CallerRoutesOptions } from '../accounts/public.ts';
import { mowerRoutes } from './mower-routes.ts';
export { listMowersFor, mayUseMower, usableBy } from './mower-queries.ts';

export const mowersModule = defineModule({
  name: 'mowers',
  apiRoutes: (api, { db, requireCaller }: CallerRoutesOptions) =>
    api.register(mowerRoutes, { prefix: '/mowers', db, requireCaller }),
});
