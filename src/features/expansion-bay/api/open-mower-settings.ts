import { call } from '../../../lib/bridge/bridge.ts';

/** Opens the app's own settings screen of a mower (where it shows the installed modules). */
export async function openMowerSettings(vehicleSn: string): Promise<void> {
  await call('handleH5MowerSet', { vehicle_sn: vehicleSn, page: 'settings' });
}
