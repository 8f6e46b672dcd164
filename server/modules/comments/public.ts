/** What the rest of the server may use of the comments module (docs/decisions/008-import-boundaries.md). */
import { defineModule } from '../../module.ts';
import type { CallerRoutesOptions } from '../accounts/public.ts';
import { commentRoutes } from './comment-routes.ts';

export const commentsModule = defineModule({
  name: 'comments',
  apiRoutes: (api, { db, requireCaller }: CallerRoutesOptions) => commentRoutes(api, { db, requireCaller }),
});
