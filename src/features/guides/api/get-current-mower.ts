import { call } from '../../../lib/bridge/bridge.ts';
import type { Mower } from '../../../lib/bridge/methods.ts';
import { commonAppData } from '../../../lib/session.ts';

/** The mower the app has selected, with its live battery level; null when the account has none selected. */
export async function getCurrentMower(): Promise<Mower | null> {
  const { vehicle_sn } = await commonAppData();
  if (!vehicle_sn) return null;
  const { mowers } = await call('getMowerList');
  return mowers.find((mower) => mower.vehicle_sn === vehicle_sn) ?? null;
}
