import type { FastifyInstance } from 'fastify';
import { fleetApi } from '../../../common/api/fleet.ts';
import type { Db } from '../../db/database.ts';
import { serveApi } from '../../http/serve-api.ts';
import type { RequireCaller } from '../accounts/public.ts';
import type { Fleet } from './fleet.ts';
import { fleetHandlers } from './fleet-routes.ts';
import { type LiveFeed, liveStreamHandlers } from './live-stream.ts';

/** The fleet's routes of the API table (common/api/fleet.ts); the simulator's only with the simulator on. */
export function serveFleetApi(
  app: FastifyInstance,
  options: { db: Db; requireCaller: RequireCaller; fleet: Fleet; feed: LiveFeed; simulator: boolean },
): void {
  const { db, requireCaller, fleet, feed, simulator } = options;
  serveApi(
    app,
    fleetApi,
    { ...fleetHandlers(db, requireCaller, fleet), ...liveStreamHandlers(db, requireCaller, fleet, feed) },
    (id) => simulator || id !== 'simulatorReport',
  );
}
