import type { DevicePermission, DevicePermissionState } from '../lib/bridge/methods.ts';

/**
 * The simulated phone: who is signed in, which mower is current, which app build runs, what the user has
 * allowed. Read from the page URL first (`sim_account`, `sim_mower`, `sim_app_version`, `sim_platform`,
 * `sim_permissions` such as `bluetooth:denied,location:granted`, `sim_apps` such as `amazon_alexa:missing`,
 * `sim_amazon_consent=deny`), then from this tab's session storage, so that
 * any screen state is one link away and survives navigation.
 */
export interface SimulatorState {
  account: string;
  mower: string | undefined;
  appVersionCode: number;
  platform: 'ios' | 'android';
  permissions: Record<DevicePermission, DevicePermissionState>;
  installedApps: { amazon_alexa: boolean; google_home: boolean };
  /** What the user does on Amazon's account-linking consent page (amazon-consent.ts). */
  amazonConsent: 'allow' | 'deny';
  /** The mower of the last invitation the panel created (see demo-invitation.ts). */
  invitationMower?: string | undefined;
}

/** The contract's demo accounts (section 5); the simulator signs in as one of them. */
export const DEMO_ACCOUNTS: Readonly<Record<string, string>> = {
  'demo@navimow.example': 'Navimow-demo-1',
  'friend@navimow.example': 'Navimow-demo-2',
};

export const DEFAULT_STATE: SimulatorState = {
  account: 'demo@navimow.example',
  mower: undefined,
  appVersionCode: 300000200,
  platform: 'android',
  permissions: { bluetooth: 'granted', location: 'granted', notification: 'granted' },
  installedApps: { amazon_alexa: true, google_home: true },
  amazonConsent: 'allow',
};

const STORAGE_KEY = 'navimow.simulator';

function isPermission(name: string | undefined): name is DevicePermission {
  return name !== undefined && Object.hasOwn(DEFAULT_STATE.permissions, name);
}

function isApp(name: string | undefined): name is keyof SimulatorState['installedApps'] {
  return name !== undefined && Object.hasOwn(DEFAULT_STATE.installedApps, name);
}

function isPermissionState(value: string | undefined): value is DevicePermissionState {
  return value === 'granted' || value === 'denied' || value === 'unsupported';
}

/** Builds such as 300000153 read as 3.0.153: major, minor and patch in 1e8, 1e5 and 1 steps. */
export function versionNameFor(code: number): string {
  return `${Math.floor(code / 1e8)}.${Math.floor(code / 1e5) % 1000}.${code % 1e5}`;
}

function stored(): Partial<SimulatorState> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<SimulatorState>;
  } catch {
    return {};
  }
}

export function saveState(state: SimulatorState): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // The simulator still works for this page; it just forgets on reload.
  }
}

export function stateFromUrl(search: string, previous: Partial<SimulatorState> = stored()): SimulatorState {
  const query = new URLSearchParams(search);
  const state: SimulatorState = {
    ...DEFAULT_STATE,
    ...previous,
    permissions: { ...DEFAULT_STATE.permissions, ...previous.permissions },
    installedApps: { ...DEFAULT_STATE.installedApps, ...previous.installedApps },
  };
  const account = query.get('sim_account')?.trim().toLowerCase();
  if (account) {
    if (account !== state.account) state.mower = undefined;
    state.account = account;
  }
  const mower = query.get('sim_mower')?.trim();
  if (mower) state.mower = mower;
  const version = Number(query.get('sim_app_version'));
  if (Number.isInteger(version) && version > 0) state.appVersionCode = version;
  const platform = query.get('sim_platform');
  if (platform === 'ios' || platform === 'android') state.platform = platform;
  for (const entry of (query.get('sim_permissions') ?? '').split(',')) {
    const [name, value] = entry.trim().split(':');
    if (isPermission(name) && isPermissionState(value)) state.permissions = { ...state.permissions, [name]: value };
  }
  for (const entry of (query.get('sim_apps') ?? '').split(',')) {
    const [name, value] = entry.trim().split(':');
    if (isApp(name) && (value === 'installed' || value === 'missing')) {
      state.installedApps = { ...state.installedApps, [name]: value === 'installed' };
    }
  }
  const consent = query.get('sim_amazon_consent');
  if (consent === 'allow' || consent === 'deny') state.amazonConsent = consent;
  return state;
}

/**
 * The page the app shows again after a restart: the same, with `sim_mower` naming the mower now current, so that
 * a `sim_mower` in the link does not switch it back.
 */
export function urlAfterRestart(href: string, state: Pick<SimulatorState, 'mower'>): string {
  const url = new URL(href);
  if (state.mower) url.searchParams.set('sim_mower', state.mower);
  else url.searchParams.delete('sim_mower');
  return url.href;
}
