/** What the rest of the server may use of the newsletter module (docs/decisions/008-import-boundaries.md). */
import { defineModule } from '../../module.ts';
import type { CallerRoutesOptions } from '../accounts/public.ts';
import { newsletterRoutes } from './newsletter-routes.ts';

export const newsletterModule = defineModule({
  name: 'newsletter',
  apiRoutes: (api, { db, requireCaller }: CallerRoutesOptions) => newsletterRoutes(api, { db, requireCaller }),
});
