/** What the rest of the server may use of the policy module (docs/decisions/008-import-boundaries.md). */
import { defineModule } from '../../module.ts';
import type { CallerRoutesOptions } from '../accounts/public.ts';
import { policyRoutes } from './policy-routes.ts';

export const policyModule = defineModule({
  name: 'policy',
  apiRoutes: (api, { db, requireCaller }: CallerRoutesOptions) => policyRoutes(api, { db, requireCaller }),
});
