import { call } from '../../../lib/bridge/bridge.ts';

/** Makes a mower the app's current one through the app, which then restarts (docs/bridge.md). */
export async function switchMower(vehicleSn: string): Promise<void> {
  await call('changeMowerOpenScheme', { vehicle_sn: vehicleSn });
}
