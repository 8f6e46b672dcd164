import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { FleetChange } from '../fleet/public.ts';
import type { LinkGrants } from '../oauth/public.ts';
import { mowerState } from './google-devices.ts';
import { type HomeGraph, newRequestId } from './home-graph.ts';

export interface HomeGraphSyncOptions {
  db: Db;
  grants: LinkGrants;
  homeGraph: HomeGraph;
  googleClientIds: readonly string[];
  log: FastifyBaseLogger;
}

/**
 * Tells HomeGraph what changed, for the accounts linked to Google only: a mower's state (Report State, for its owner
 * and everyone it is shared with) and an account's mower list (Request Sync). Calls run in the background so that
 * a command is never held up by Google; `settled()` waits for them (tests, shutdown). A failed call is logged and
 * dropped: the next change reports the whole state again, and Google queries on its own when it doubts.
 */
export function homeGraphSync({ db, grants, homeGraph, googleClientIds, log }: HomeGraphSyncOptions) {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const running = work
      .catch((error: unknown) => log.warn({ err: error }, 'HomeGraph call failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  };

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

  return {
    /** A fleet listener: the mower's new state to every linked account that sees it. */
    fleetChanged(change: FleetChange): void {
      if (!googleClientIds.length) return;
      track(
        (async () => {
          const state = mowerState(change.view);
          for (const agentUserId of await linked(await accountsUsing(change.view.serial))) {
            await homeGraph.reportState({
              requestId: newRequestId(),
              agentUserId,
              payload: { devices: { states: { [change.view.serial]: state } } },
            });
          }
        })(),
      );
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

    async settled(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },
  };
}

export type HomeGraphSync = ReturnType<typeof homeGraphSync>;
