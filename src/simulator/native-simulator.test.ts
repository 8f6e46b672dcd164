import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MowerListResponse } from '../../common/api-types.ts';
import { BridgeError, call, NATIVE_FAILURE } from '../lib/bridge/bridge.ts';
import { type BridgeMethod, type BridgeParams, BRIDGE_METHODS } from '../lib/bridge/methods.ts';
import { NativeSimulator } from './native-simulator.ts';
import { DEFAULT_STATE, type SimulatorState } from './simulator-state.ts';

const MOWERS: MowerListResponse = {
  mowers: [
    { serial_number: 'NVM-DEMO-0001', name: 'Front lawn', model: 'Navimow i105E', role: 'owner', battery_percent: 92 },
    { serial_number: 'NVM-DEMO-0002', name: 'Back garden', model: 'Navimow X330E', role: 'shared', battery_percent: 40 },
  ],
};

/** The demo backend behind the simulator: sign-in and the mower list. */
function backend({ signIn = true } = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/login') {
      return signIn
        ? Response.json({ access_token: 'sim-token', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 })
        : Response.json({ error: { code: 'invalid_credentials', message: 'x' } }, { status: 401 });
    }
    if (url === '/api/mowers' && (init?.headers as Record<string, string>).Authorization === 'Bearer sim-token') {
      return Response.json(MOWERS);
    }
    return Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Installs the simulator as the page's native app, as `install.tsx` does. */
function install(state: Partial<SimulatorState> = {}) {
  const onRestart = vi.fn();
  const simulator = new NativeSimulator({ ...DEFAULT_STATE, mower: 'NVM-DEMO-0001', ...state }, onRestart);
  window.NavimowBridge = { postMessage: (message: string) => simulator.receive(message), simulated: true };
  return { simulator, onRestart };
}

/** A sample request for every method: a method added to the bridge without one here fails to compile. */
const SAMPLE_PARAMS: { [M in BridgeMethod]: BridgeParams<M> } = {
  closeWebView: {},
  finishRendering: {},
  getCommonAppData: {},
  ipSearch: {},
  handleEncipherment: { text: 'hello' },
  handleDecrypt: { text: 'not sealed by the simulator' },
  showAppNavigationBar: { visible: false, title: 'Navimow' },
  openExternalURI: { uri: 'https://navimow.segway.com' },
  openScheme: { uri: 'https://alexa.amazon.com/spa/skill-account-linking-consent?state=abc' },
  getMowerList: {},
  getDevicePermissions: { permissions: ['bluetooth', 'location'] },
  openSystemPermissionPage: { permission: 'bluetooth' },
  getAppVersion: {},
  appIsInstall: { app: 'google_home' },
  setAppFlipResult: { result: 'success', code: 'abc', state: 'xyz' },
  openGoogleHomeURI: { uri: 'https://madeby.google.com/home-app' },
  changeMowerOpenScheme: { vehicle_sn: 'NVM-DEMO-0002' },
  handleH5MowerSet: { vehicle_sn: 'NVM-DEMO-0001', page: 'settings' },
  setWinterStorageMode: { vehicle_sn: 'NVM-DEMO-0001', enabled: true },
};

const callWith = <M extends BridgeMethod>(method: M) => (call as (m: M, p: BridgeParams<M>) => Promise<unknown>)(method, SAMPLE_PARAMS[method]);

/** The native code the simulator answered a call with. */
async function failureCode(promise: Promise<unknown>): Promise<number | undefined> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return error instanceof BridgeError ? error.code : undefined;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  delete window.NavimowBridge;
  vi.unstubAllGlobals();
});

describe('NativeSimulator', () => {
  it.each(BRIDGE_METHODS.filter((method) => method !== 'handleDecrypt'))(
    'answers %s with a result the bridge’s schema accepts',
    async (method) => {
      backend();
      install();
      // `call` settles as `invalid-result` when an answer does not fit the method's result schema.
      await expect(callWith(method)).resolves.not.toBeInstanceOf(BridgeError);
    },
  );

  it('decrypts what it encrypted, as base64 of the text, and keeps the Ninebot version suffix', async () => {
    install();
    const sealed = (await call('handleEncipherment', { text: 'Grüße' })) as string;
    expect(sealed).toMatch(/#NB2$/);
    const opened = await call('handleDecrypt', { text: sealed });
    expect(new TextDecoder().decode(Uint8Array.from(atob(opened), (char) => char.charCodeAt(0)))).toBe('Grüße');
    expect(await failureCode(callWith('handleDecrypt'))).toBe(NATIVE_FAILURE.badParams);
  });

  it('answers as the demo account, with the current mower and the app version of its state', async () => {
    const fetchMock = backend();
    install({ account: 'friend@navimow.example', mower: 'NVM-DEMO-0002', appVersionCode: 300000100, platform: 'ios' });
    await expect(call('getCommonAppData')).resolves.toMatchObject({
      vehicle_sn: 'NVM-DEMO-0002',
      email: 'friend@navimow.example',
      client_ver: '3.0.100',
      access_token: 'sim-token',
      platform: 'ios',
    });
    await expect(call('getAppVersion')).resolves.toEqual({ versionName: '3.0.100', versionCode: 300000100 });
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ account: 'friend@navimow.example', password: 'Navimow-demo-2' });
  });

  it('refuses hibernation under 85 % with the refused code, and allows it from 85 % on', async () => {
    backend();
    const { simulator } = install();
    const refused = await call('setWinterStorageMode', { vehicle_sn: 'NVM-DEMO-0002', enabled: true }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(BridgeError);
    expect((refused as BridgeError).isNative('refused')).toBe(true);
    await expect(call('setWinterStorageMode', { vehicle_sn: 'NVM-DEMO-0001', enabled: true })).resolves.toEqual({ winter_mode: true });
    expect(simulator.winterMode).toEqual({ 'NVM-DEMO-0001': true });
  });

  it('answers with the bridge’s failure codes', async () => {
    backend();
    install();
    expect(await failureCode(call('handleH5MowerSet', { vehicle_sn: 'NVM-OTHER-0009', page: 'settings' }))).toBe(NATIVE_FAILURE.badParams);
    expect(await failureCode(call('changeMowerOpenScheme', { vehicle_sn: 'NVM-OTHER-0009' }))).toBe(NATIVE_FAILURE.badParams);

    backend({ signIn: false });
    install();
    expect(await failureCode(call('getCommonAppData'))).toBe(NATIVE_FAILURE.notSignedIn);
    expect(await failureCode(call('getMowerList'))).toBe(NATIVE_FAILURE.notSignedIn);
    // The app's own request failed: its failure, not a refusal by the mower.
    expect(await failureCode(call('setWinterStorageMode', { vehicle_sn: 'NVM-DEMO-0001', enabled: true }))).toBe(NATIVE_FAILURE.internal);
  });

  it('refuses, and logs, a URI outside the allowlist even when a page posts it directly', async () => {
    const { simulator } = install();
    for (const [method, uri] of [
      ['openScheme', 'javascript:alert(1)'],
      ['openScheme', 'intent://x#Intent;end'],
      ['openExternalURI', 'file:///etc/passwd'],
      ['openGoogleHomeURI', 'https://evil.example/'],
    ] as const) {
      const callback = `__test_${method}_${simulator.log.length}`;
      const answer = new Promise((resolve) => {
        (window as unknown as Record<string, unknown>)[callback] = resolve;
      });
      simulator.receive(JSON.stringify({ method, callback, params: { uri } }));
      expect(JSON.parse((await answer) as string), uri).toMatchObject({ code: NATIVE_FAILURE.badParams, msg: expect.stringContaining('refused') });
      expect(simulator.log.some((entry) => entry.method === method && entry.code === NATIVE_FAILURE.badParams && entry.note?.includes('refused'))).toBe(true);
    }
  });

  it('answers a method it does not know with 404', async () => {
    const { simulator } = install();
    const answer = new Promise((resolve) => {
      (window as unknown as Record<string, unknown>).__test_unknown = resolve;
    });
    simulator.receive(JSON.stringify({ method: 'launchRocket', callback: '__test_unknown', params: {} }));
    expect(JSON.parse((await answer) as string)).toMatchObject({ code: NATIVE_FAILURE.unknownMethod });
  });

  it('restarts the app after a change of mower, with the new mower current', async () => {
    backend();
    const { simulator, onRestart } = install();
    await call('changeMowerOpenScheme', { vehicle_sn: 'NVM-DEMO-0002' });
    await vi.waitFor(() => expect(onRestart).toHaveBeenCalledWith(expect.objectContaining({ mower: 'NVM-DEMO-0002' })));
    expect(simulator.state.mower).toBe('NVM-DEMO-0002');
  });
});
