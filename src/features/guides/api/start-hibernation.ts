import { call } from '../../../lib/bridge/bridge.ts';

/** Puts the mower into hibernation (winter storage mode): it powers off until it is charged and switched on. */
export async function startHibernation(vehicleSn: string): Promise<void> {
  const { winter_mode } = await call('setWinterStorageMode', { vehicle_sn: vehicleSn, enabled: true });
  if (!winter_mode) throw new Error('the mower did not enter winter storage mode');
}
