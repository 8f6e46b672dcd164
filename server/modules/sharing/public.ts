/** What the rest of the server may use of the sharing module (docs/decisions/008-import-boundaries.md). */
import { defineModule } from '../../module.ts';
import { sharingRoutes, type SharingRoutesOptions } from './sharing-routes.ts';

export const sharingModule = defineModule({
  name: 'sharing',
  apiRoutes: (api, { db, requireCaller, onMowerListChange }: SharingRoutesOptions) =>
    sharingRoutes(api, { db, requireCaller, onMowerListChange }),
});
