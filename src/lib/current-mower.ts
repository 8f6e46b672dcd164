import { call } from './bridge/bridge.ts';
import type { Mower } from './bridge/methods.ts';
import { commonAppData } from './session.ts';

/**
 * The mower the app has made current, as `getMowerList` describes it now (its battery level is live); null
 * when the app has none, or one that is no longer on the account. Both bridge calls go out at once, so the
 * answer costs one round trip; without a current mower the list's answer does not matter, not even a failure.
 */
export async function getCurrentMower(): Promise<Mower | null> {
  const list = call('getMowerList');
  // Settled later or never read: either way it must not surface as an unhandled rejection.
  list.catch(() => undefined);
  const { vehicle_sn } = await commonAppData();
  if (!vehicle_sn) return null;
  const { mowers } = await list;
  return mowers.find((mower) => mower.vehicle_sn === vehicle_sn) ?? null;
}
