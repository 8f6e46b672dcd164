/** What the rest of the server may use of the mowers module (docs/decisions/008-import-boundaries.md). */
import { defineModule } from '../../module.ts';
import { MowerListChanges } from './mower-list-changes.ts';
export { listMowersFor, mayUseMower, usableBy } from './mower-queries.ts';
export { MowerListChanges } from './mower-list-changes.ts';

/**
 * Who may use which mower; its routes are the fleet's (`/api/mowers` is one module's: common/api/fleet.ts). It gives
 * the modules after it the changes of who sees which mower: `mowerLists` to follow, `onMowerListChange` to tell.
 */
export const mowersModule = defineModule({
  name: 'mowers',
  start: () => {
    const mowerLists = new MowerListChanges();
    return {
      provides: {
        mowerLists,
        onMowerListChange: (accountIds: readonly string[]) => mowerLists.changed(accountIds),
      },
    };
  },
});
