import type { FastifyInstance } from 'fastify';
import { livingOrigins } from '../../db/credential-origins.ts';
import { type Db, onRevocation } from '../../db/database.ts';
import type { AppMetrics } from '../../metrics.ts';
import type { Started } from '../../module.ts';
import type { MowerListChanges } from '../mowers/public.ts';
import { CommandBudget, type CommandLimits } from './command-budget.ts';
import { type Clock, Fleet } from './fleet.ts';
import { postFleetMessages } from './fleet-messages.ts';
import { followLiveChanges } from './live-changes.ts';
import { LiveFeed } from './live-stream.ts';

export interface FleetProvides {
  /** The mowers' live state; tests move it by hand. */
  fleet: Fleet;
  /** How many commands reach the mowers, for every way of sending one. */
  commandBudget: CommandBudget;
  /** The pages' live streams of this process. */
  liveFeed: LiveFeed;
}

export interface FleetStartNeeds {
  db: Db;
  /** The fleet's clock; tests move it by hand (undefined: the system's). */
  clock: Clock | undefined;
  metrics: AppMetrics;
  mowerLists: MowerListChanges;
  config: { fleetTickMs: number; commandLimits: CommandLimits };
}

/**
 * The mowers' live state (docs/decisions/014-fleet-model.md): messages and the pages' live streams hear its changes
 * (the streams from the database, so every process's), and the ticker plays it in real time once the app is ready
 * (`fleetTickMs` 0: tests move the clock themselves). The MQTT broker and Google hear it through their own modules.
 */
export async function startFleet(
  app: FastifyInstance,
  { db, clock, metrics, mowerLists, config }: FleetStartNeeds,
): Promise<Started<FleetProvides>> {
  const fleet = new Fleet(db, { clock, log: app.log });
  const commandBudget = new CommandBudget(db, config.commandLimits, fleet.clock);
  metrics.observeCommandBudget(commandBudget);
  fleet.onChange(postFleetMessages(db));
  const feed = new LiveFeed();
  // A sign-out, an unlink or a revoked token, here or (PostgreSQL) in another process: its streams end now.
  const stopFollowingRevocations = onRevocation(db, () =>
    feed
      .recheckOrigins((origins) => livingOrigins(db, origins, Date.now()))
      .catch((error: unknown) => app.log.warn({ err: error }, 'live stream credential recheck failed')),
  );
  // The pages' streams hear every process's changes from the database, never through a broker.
  const liveChanges = await followLiveChanges(db, feed, app.log);
  fleet.onChange(liveChanges.listener);
  // A share accepted or ended: the accounts' live streams follow their new mower lists at once.
  const unfollow = mowerLists.follow((accountIds) => feed.mowerListsChanged(accountIds));

  app.addHook('onReady', async () => {
    // A database that is not there yet does not stop the app: the health route says so, and the ticker catches up.
    try {
      await fleet.advanceDue();
    } catch (error) {
      app.log.error({ err: error }, 'fleet start-up failed');
    }
    fleet.start(config.fleetTickMs);
  });
  // No more ticks once the app closes (nothing would hear them); open streams would keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    await fleet.stop();
    feed.endAll();
  });
  return {
    provides: { fleet, commandBudget, liveFeed: feed },
    close: async () => {
      unfollow();
      stopFollowingRevocations();
      await liveChanges.stop();
      await fleet.stop();
    },
  };
}
