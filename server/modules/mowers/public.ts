/** What the rest of the server may use of the mowers module (docs/decisions/008-import-boundaries.md). */
import { defineModule } from '../../module.ts';
export { listMowersFor, mayUseMower, usableBy } from './mower-queries.ts';

/** Who may use which mower; its routes are the fleet's (`/api/mowers` is one module's: common/api/fleet.ts). */
export const mowersModule = defineModule({ name: 'mowers' });
