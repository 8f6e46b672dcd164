import { call } from '../../../lib/bridge/bridge.ts';
import type { DevicePermission, DevicePermissionState } from '../../../lib/bridge/methods.ts';

/** What the app needs on the phone to find and connect to the mower over Bluetooth. */
export const CONNECT_PERMISSIONS = ['bluetooth', 'location'] as const satisfies readonly DevicePermission[];
export type ConnectPermission = (typeof CONNECT_PERMISSIONS)[number];
export type ConnectPermissions = Record<ConnectPermission, DevicePermissionState>;

export async function getConnectPermissions(): Promise<ConnectPermissions> {
  const answer = await call('getDevicePermissions', { permissions: [...CONNECT_PERMISSIONS] });
  // A phone that leaves one out has nothing to ask for: treat it as not applicable rather than as off.
  return { bluetooth: answer.bluetooth ?? 'unsupported', location: answer.location ?? 'unsupported' };
}

/** Opens the system settings page for one permission; answers once the settings page is shown. */
export async function openPermissionSettings(permission: ConnectPermission): Promise<void> {
  await call('openSystemPermissionPage', { permission });
}
