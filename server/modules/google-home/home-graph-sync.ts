import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Fleet, FleetChange, MowerView } from '../fleet/public.ts';
import type { LinkGrants } from '../oauth/public.ts';
import { mowerState } from './google-devices.ts';
import { type HomeGraph, newRequestId } from './home-graph.ts';

/**
 * How often a mower's state that did not reach Google is sent again, as it is then. Google wants a mower that goes
 * offline known as `online: false` within 5 minutes; an offline mower (or one in winter storage) changes no more,
 * so a lost report would otherwise stand until it came back. A minute leaves room for a few attempts.
 */
export const REPORT_RETRY_MS = 60_000;

export interface HomeGraphSyncOptions {
  db: Db;
  fleet: Fleet;
  grants: LinkGrants;
  homeGraph: HomeGraph;
  googleClientIds: readonly string[];
  log: FastifyBaseLogger;
}

/**
 * Tells HomeGraph what changed, for the accounts linked to Google only: a mower's state (Report State, for its owner
 * and everyone it is shared with) and an account's mower list (Request Sync). Calls run in the background so that
 * a command is never held up by Google; `settled()` waits for them (tests, shutdown). A failed Report State is
 * logged and its mower kept aside: the retry sweep (`start`, or `retryUnsent` by hand) sends its state as it is
 * then, until every linked account has it. A failed Request Sync is dropped: Google syncs again by itself.
 * The mowers kept aside live in this process's memory: a restart forgets them (the next change reports again).
 */
export function homeGraphSync({ db, fleet, grants, homeGraph, googleClientIds, log }: HomeGraphSyncOptions) {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const running = work
      .catch((error: unknown) => log.warn({ err: error }, 'HomeGraph call failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
  /** Serials whose last state did not reach every linked account that sees the mower. */
  const unsent = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let retrying = false;

  const linked = async (accountIds: readonly string[]) => {
    const result: string[] = [];
    for (const accountId of new Set(accountIds)) {
      if ((await grants.live(accountId, googleClientIds)).length) result.push(accountId);
    }
    return result;
  };

  async function accountsUsing(serial: string): Promise<string[]> {
    const owner = await db
      .selectFrom('mowers')
      .select('owner_id')
      .where('serial_number', '=', serial)
      .executeTakeFirst();
    const shares = await db
      .selectFrom('mower_shares')
      .select('account_id')
      .where('mower_serial', '=', serial)
      .execute();
    return [...(owner ? [owner.owner_id] : []), ...shares.map((share) => share.account_id)];
  }

  /** The mower's whole state to every linked account that sees it; one account failing does not stop the others. */
  async function report(view: MowerView): Promise<void> {
    const state = mowerState(view);
    let failure: unknown;
    try {
      for (const agentUserId of await linked(await accountsUsing(view.serial))) {
        await homeGraph
          .reportState({
            requestId: newRequestId(),
            agentUserId,
            payload: { devices: { states: { [view.serial]: state } } },
          })
          .catch((error: unknown) => (failure ??= error));
      }
    } catch (error) {
      failure ??= error;
    }
    if (failure === undefined) {
      unsent.delete(view.serial);
      return;
    }
    unsent.add(view.serial);
    throw failure;
  }

  async function settled(): Promise<void> {
    while (pending.size) await Promise.all(pending);
  }

  async function retryUnsent(): Promise<void> {
    if (retrying || !unsent.size) return;
    retrying = true;
    try {
      const serials = [...unsent];
      const views = await fleet.views(serials);
      // A mower gone from the fleet has nothing left to report.
      const known = new Set(views.map((view) => view.serial));
      for (const serial of serials) if (!known.has(serial)) unsent.delete(serial);
      const results = await Promise.allSettled(views.map(report));
      for (const result of results) {
        if (result.status === 'rejected') log.warn({ err: result.reason }, 'HomeGraph call failed again');
      }
    } finally {
      retrying = false;
    }
  }

  return {
    /** A fleet listener: the mower's new state to every linked account that sees it. */
    fleetChanged(change: FleetChange): void {
      if (!googleClientIds.length) return;
      track(report(change.view));
    },

    /** An account's mower list changed (a share accepted or ended): Google asks for SYNC again. */
    mowerListChanged(accountIds: readonly string[]): void {
      if (!googleClientIds.length) return;
      track(
        (async () => {
          for (const agentUserId of await linked(accountIds)) await homeGraph.requestSync({ agentUserId, async: true });
        })(),
      );
    },

    /** Sends again, as they are now, the mowers whose last report did not get through: what the sweep runs. */
    retryUnsent: (): Promise<void> => retryUnsent(),

    /** The retry sweep in real time, every `intervalMs`. */
    start(intervalMs: number = REPORT_RETRY_MS): void {
      if (timer || intervalMs <= 0 || !googleClientIds.length) return;
      timer = setInterval(() => {
        if (unsent.size) track(retryUnsent());
      }, intervalMs);
      timer.unref();
    },

    settled,

    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await settled();
    },
  };
}

export type HomeGraphSync = ReturnType<typeof homeGraphSync>;
