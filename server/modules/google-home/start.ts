import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Started } from '../../module.ts';
import type { Fleet } from '../fleet/public.ts';
import type { MowerListChanges } from '../mowers/public.ts';
import type { LinkGrants, LinkingClient } from '../oauth/public.ts';
import { createHomeGraph, type HomeGraph, type HomeGraphConfig } from './home-graph.ts';
import { type HomeGraphSync, homeGraphSync } from './home-graph-sync.ts';

export interface GoogleHomeProvides {
  /** Google's HomeGraph as this app calls it (the local fake without a service account). */
  homeGraph: HomeGraph;
  /** What we tell HomeGraph unasked, and its pending calls; tests retry by hand. */
  homeGraphSync: HomeGraphSync;
}

export interface GoogleHomeStartNeeds {
  db: Db;
  fleet: Fleet;
  linkGrants: LinkGrants;
  mowerLists: MowerListChanges;
  config: { oauthClients: readonly LinkingClient[]; homeGraph: HomeGraphConfig; fleetTickMs: number };
}

/**
 * What we tell Google's HomeGraph unasked (docs/decisions/017-google-smart-home.md): each state change of a mower a
 * linked account sees, and a resync when an account's mower list changes; retried in real time as the fleet's
 * ticker is (`fleetTickMs` 0: tests retry by hand).
 */
export function startGoogleHome(
  app: FastifyInstance,
  { db, fleet, linkGrants, mowerLists, config }: GoogleHomeStartNeeds,
): Started<GoogleHomeProvides> {
  const googleClientIds = config.oauthClients
    .filter((client) => client.kind === 'google')
    .map((client) => client.client_id);
  const homeGraph = createHomeGraph(config.homeGraph);
  const sync = homeGraphSync({ db, fleet, grants: linkGrants, homeGraph, googleClientIds, log: app.log });
  fleet.onChange((change) => sync.fleetChanged(change));
  const unfollow = mowerLists.follow((accountIds) => sync.mowerListChanged(accountIds));
  if (config.fleetTickMs > 0) sync.start();
  return {
    provides: { homeGraph, homeGraphSync: sync },
    close: () => {
      unfollow();
      return sync.stop();
    },
  };
}
