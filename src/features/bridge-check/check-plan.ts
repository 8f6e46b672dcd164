import type { BridgeMethod, BridgeParams } from '../../lib/bridge/methods.ts';

/**
 * What the bridge check (`/bridgeCheck`, docs/decisions/031-bridge-check.md) sends for each of the 19 methods:
 * the params docs/bridge.md documents. Methods without a visible effect run as the page opens; the others only
 * when the tester taps them, after the page has said what will happen. English only: a tool for the native team.
 */

/** What the params of some methods need from the earlier answers. */
export interface CheckContext {
  /** The current mower (getCommonAppData), else the first of getMowerList; undefined when there is none. */
  vehicleSn: string | undefined;
  /** handleEncipherment's ciphertext, without its version suffix, as the product passes it to handleDecrypt. */
  cipherText: string | undefined;
}

/** The text enciphered and decrypted again: non-ASCII, so that a round trip that is not UTF-8 shows. */
export const ROUND_TRIP_TEXT = 'Navimow bridge check: Grüße, 芝刈り機 ✓';

/** The app's own scheme, the documented target of openScheme; an app link the app opens in itself. */
const OPEN_SCHEME_URI = 'navimow://bridgeCheck';
/** Our own site: a host openExternalURI documents. */
const EXTERNAL_URI = 'https://navimow.segway.com/';
/** The Google Home app itself, without a deep link into any linking. */
const GOOGLE_HOME_URI = 'https://home.google.com/home-app/';

interface PlanEntry<M extends BridgeMethod> {
  method: M;
  /** `tap`: it has an effect the tester sees, so it runs only when tapped. */
  run: 'auto' | 'tap';
  /** What the app is asked to do, shown before the tester taps. */
  effect?: string;
  /** The documented params, or the reason they cannot be made yet. */
  params: (context: CheckContext) => BridgeParams<M> | { missing: string };
}

type Plan = { [M in BridgeMethod]: PlanEntry<M> }[BridgeMethod];

const noMower = { missing: 'No mower: the app reports no current mower and an empty mower list.' };
const withMower = <T>(context: CheckContext, params: (vehicleSn: string) => T) =>
  context.vehicleSn ? params(context.vehicleSn) : noMower;

/** In the order of docs/bridge.md's table. */
export const CHECK_PLAN: readonly Plan[] = [
  {
    method: 'closeWebView',
    run: 'tap',
    effect: 'Closes this web view and returns to the app: the results on this page are gone, so copy them first.',
    params: () => ({}),
  },
  { method: 'finishRendering', run: 'auto', params: () => ({}) },
  { method: 'getCommonAppData', run: 'auto', params: () => ({}) },
  { method: 'ipSearch', run: 'auto', params: () => ({}) },
  { method: 'handleEncipherment', run: 'auto', params: () => ({ text: ROUND_TRIP_TEXT }) },
  {
    method: 'handleDecrypt',
    run: 'auto',
    params: ({ cipherText }) =>
      cipherText
        ? { text: cipherText }
        : { missing: 'Needs the ciphertext of handleEncipherment, which did not pass.' },
  },
  { method: 'showAppNavigationBar', run: 'auto', params: () => ({ visible: true, title: 'Bridge check' }) },
  {
    method: 'openExternalURI',
    run: 'tap',
    effect: `Opens ${EXTERNAL_URI} in the phone's browser (not in a web view).`,
    params: () => ({ uri: EXTERNAL_URI }),
  },
  {
    method: 'openScheme',
    run: 'tap',
    effect: `Opens the app link ${OPEN_SCHEME_URI} (the app's own scheme); the answer says whether an app took it.`,
    params: () => ({ uri: OPEN_SCHEME_URI }),
  },
  { method: 'getMowerList', run: 'auto', params: () => ({}) },
  {
    method: 'getDevicePermissions',
    run: 'auto',
    params: () => ({ permissions: ['bluetooth', 'location', 'notification'] }),
  },
  {
    method: 'openSystemPermissionPage',
    run: 'tap',
    effect: "Opens the phone's settings page for the app's Bluetooth permission.",
    params: () => ({ permission: 'bluetooth' }),
  },
  { method: 'getAppVersion', run: 'auto', params: () => ({}) },
  { method: 'appIsInstall', run: 'auto', params: () => ({ app: 'amazon_alexa' }) },
  {
    method: 'setAppFlipResult',
    run: 'tap',
    effect:
      'Hands "denied" (the user cancelled) to the app that started App Flip or Alexa linking, if one did; otherwise nothing should happen.',
    params: () => ({ result: 'denied' }),
  },
  {
    method: 'openGoogleHomeURI',
    run: 'tap',
    effect: `Opens ${GOOGLE_HOME_URI} in the Google Home app, or its store page when it is not installed.`,
    params: () => ({ uri: GOOGLE_HOME_URI }),
  },
  {
    method: 'changeMowerOpenScheme',
    run: 'tap',
    effect:
      'Makes the current mower current again: the app restarts and this page loads again (its tapped results are kept).',
    params: (context) => withMower(context, (vehicle_sn) => ({ vehicle_sn })),
  },
  {
    method: 'handleH5MowerSet',
    run: 'tap',
    effect: "Opens the app's device information screen of the current mower.",
    params: (context) => withMower(context, (vehicle_sn) => ({ vehicle_sn, page: 'device_information' as const })),
  },
  {
    method: 'setWinterStorageMode',
    run: 'tap',
    effect:
      'Takes the current mower out of winter storage (enabled: false); nothing changes when it is not hibernating.',
    params: (context) => withMower(context, (vehicle_sn) => ({ vehicle_sn, enabled: false })),
  },
];

export const AUTO_METHODS: readonly BridgeMethod[] = CHECK_PLAN.filter((entry) => entry.run === 'auto').map(
  (entry) => entry.method,
);
