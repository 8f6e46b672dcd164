import { call } from '../../../lib/bridge/bridge.ts';
import type { Mower } from '../../../lib/bridge/methods.ts';
import { commonAppData } from '../../../lib/session.ts';

/** The app's current mower with its model; null when the app has none selected (or it is not on the account). */
export async function getCurrentMower(): Promise<Mower | null> {
  const [{ vehicle_sn }, { mowers }] = await Promise.all([commonAppData(), call('getMowerList')]);
  if (!vehicle_sn) return null;
  return mowers.find((mower) => mower.vehicle_sn === vehicle_sn) ?? null;
}
