/** What the rest of the server may use of the fleet module (docs/decisions/008-import-boundaries.md). */
import { defineModule, HOUR_MS } from '../../module.ts';
import { sweepCommandBuckets } from './command-budget.ts';
import { fleetSettings } from './settings.ts';
import type { Db } from '../../db/database.ts';
import type { RequireCaller } from '../accounts/public.ts';
import { serveFleetApi } from './fleet-api.ts';
import type { Fleet } from './fleet.ts';
import type { LiveFeed } from './live-stream.ts';
import { startFleet } from './start.ts';
export { type Clock, Fleet, type FleetChange, type MowerView, systemClock } from './fleet.ts';
export { type CommandResult, type MowerCommand } from './fleet-model.ts';
export {
  type Admission,
  type BudgetedCommand,
  CommandBudget,
  type CommandLimits,
  MAX_COMMANDS_PER_REQUEST,
  sweepCommandBuckets,
} from './command-budget.ts';
export { postFleetMessages } from './fleet-messages.ts';
export { serveFleetApi } from './fleet-api.ts';
export { statusOf } from './fleet-routes.ts';
export { followLiveChanges } from './live-changes.ts';
export { LiveFeed } from './live-stream.ts';
export { LIVE_CADENCE, type LiveBeat, LiveCadence } from './live-cadence.ts';
export {
  attributesPayload,
  beatLocationMessages,
  deviceDto,
  eventPayload,
  locationMessages,
  statePayload,
  statusDto,
} from './navimow-format.ts';

interface FleetRouteNeeds {
  db: Db;
  requireCaller: RequireCaller;
  fleet: Fleet;
  liveFeed: LiveFeed;
  config: { simulator: boolean };
}

export const fleetModule = defineModule({
  name: 'fleet',
  settings: fleetSettings,
  start: startFleet,
  apiRoutes: (api, { db, requireCaller, fleet, liveFeed, config }: FleetRouteNeeds) =>
    serveFleetApi(api, { db, requireCaller, fleet, feed: liveFeed, simulator: config.simulator }),
  sweeps: [{ name: 'command buckets', everyMs: HOUR_MS, run: (db) => sweepCommandBuckets(db) }],
});
