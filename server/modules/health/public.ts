/** What the rest of the server may use of the health module (docs/decisions/008-import-boundaries.md). */
import type { Db } from '../../db/database.ts';
import { defineModule } from '../../module.ts';
import { type Dependency, healthRoutes } from './health-routes.ts';
export type { Dependency } from './health-routes.ts';

export const healthModule = defineModule({
  name: 'health',
  apiRoutes: (
    api,
    { db, config, dependencies }: { db: Db; config: { version: string }; dependencies: readonly Dependency[] },
  ) => healthRoutes(api, { db, version: config.version, dependencies }),
});
