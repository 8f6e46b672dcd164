import * as v from 'valibot';
import { isAllowedUri, type UriPurpose } from './uri-allowlist.ts';

/**
 * The native bridge's method map: the seed's 19 methods, each with the params the page sends, the result it
 * accepts (anything else settles the call as `invalid-result`) and how long it waits for an answer.
 * `docs/bridge.md` documents the same map for the native team; keep the two together.
 * (Valibot rather than the server's zod: the same schemas at a quarter of the bytes on a phone's first load,
 * docs/decisions/003-first-load-budget.md.)
 */

const emptyParams = v.object({});
/** Methods that only acknowledge: any `data`, including none, is accepted and ignored. */
const acknowledgement = v.unknown();

const vehicleSn = v.pipe(v.string(), v.minLength(1), v.maxLength(64));
/** A URI the native app may open for this purpose (uri-allowlist.ts): nothing else is ever posted. */
const allowedUri = (purpose: UriPurpose) =>
  v.pipe(
    v.string(),
    v.check((uri) => isAllowedUri(uri, purpose), `not a URI the app may open (${purpose})`),
  );
const permission = v.picklist(['bluetooth', 'location', 'notification']);
const permissionState = v.picklist(['granted', 'denied', 'unsupported']);

export const commonAppDataSchema = v.object({
  vehicle_sn: v.string(),
  email: v.string(),
  client_ver: v.string(),
  access_token: v.string(),
  platform: v.optional(v.picklist(['ios', 'android'])),
  os_version: v.optional(v.string()),
  device_model: v.optional(v.string()),
});

export const mowerSchema = v.object({
  vehicle_sn: vehicleSn,
  name: v.string(),
  model: v.string(),
  role: v.picklist(['owner', 'shared']),
  battery_percent: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100))),
});

export const appVersionSchema = v.object({
  versionName: v.pipe(v.string(), v.minLength(1)),
  versionCode: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

const QUICK = 3_000;
const DEFAULT = 5_000;
/** Methods that open native UI or talk to the mower answer when that finishes. */
const SLOW = 30_000;

type Schema = v.GenericSchema;

function method<P extends Schema, R extends Schema>(params: P, result: R, timeoutMs: number) {
  return { params, result, timeoutMs };
}

export const bridgeMethods = {
  closeWebView: method(emptyParams, acknowledgement, QUICK),
  finishRendering: method(emptyParams, acknowledgement, QUICK),
  getCommonAppData: method(emptyParams, commonAppDataSchema, DEFAULT),
  ipSearch: method(emptyParams, v.object({ country_code: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)) }), DEFAULT),
  handleEncipherment: method(v.object({ text: v.string() }), v.pipe(v.string(), v.minLength(1)), DEFAULT),
  handleDecrypt: method(v.object({ text: v.pipe(v.string(), v.minLength(1)) }), v.string(), DEFAULT),
  showAppNavigationBar: method(
    v.object({ visible: v.boolean(), title: v.optional(v.string()) }),
    acknowledgement,
    QUICK,
  ),
  openExternalURI: method(v.object({ uri: allowedUri('external') }), acknowledgement, DEFAULT),
  openScheme: method(v.object({ uri: allowedUri('scheme') }), v.object({ opened: v.boolean() }), DEFAULT),
  getMowerList: method(emptyParams, v.object({ mowers: v.array(mowerSchema) }), DEFAULT),
  getDevicePermissions: method(
    v.object({ permissions: v.array(permission) }),
    v.record(permission, permissionState),
    DEFAULT,
  ),
  openSystemPermissionPage: method(v.object({ permission }), acknowledgement, DEFAULT),
  getAppVersion: method(emptyParams, appVersionSchema, QUICK),
  appIsInstall: method(
    v.object({ app: v.picklist(['amazon_alexa', 'google_home']) }),
    v.object({ installed: v.boolean() }),
    DEFAULT,
  ),
  setAppFlipResult: method(
    v.object({
      result: v.picklist(['success', 'denied', 'failed']),
      code: v.optional(v.string()),
      state: v.optional(v.string()),
    }),
    acknowledgement,
    DEFAULT,
  ),
  openGoogleHomeURI: method(v.object({ uri: allowedUri('googleHome') }), acknowledgement, DEFAULT),
  changeMowerOpenScheme: method(
    v.object({ vehicle_sn: vehicleSn, uri: v.optional(allowedUri('scheme')) }),
    acknowledgement,
    SLOW,
  ),
  handleH5MowerSet: method(
    v.object({ vehicle_sn: vehicleSn, page: v.picklist(['settings', 'device_information', 'device_sharing']) }),
    acknowledgement,
    SLOW,
  ),
  setWinterStorageMode: method(
    v.object({ vehicle_sn: vehicleSn, enabled: v.boolean() }),
    v.object({ winter_mode: v.boolean() }),
    SLOW,
  ),
} as const;

export type BridgeMethod = keyof typeof bridgeMethods;
export type BridgeParams<M extends BridgeMethod> = v.InferInput<(typeof bridgeMethods)[M]['params']>;
export type BridgeResult<M extends BridgeMethod> = v.InferOutput<(typeof bridgeMethods)[M]['result']>;
export type CommonAppData = v.InferOutput<typeof commonAppDataSchema>;
export type Mower = v.InferOutput<typeof mowerSchema>;
export type AppVersion = v.InferOutput<typeof appVersionSchema>;
export type DevicePermission = v.InferOutput<typeof permission>;
export type DevicePermissionState = v.InferOutput<typeof permissionState>;

export const BRIDGE_METHODS = Object.keys(bridgeMethods) as BridgeMethod[];
