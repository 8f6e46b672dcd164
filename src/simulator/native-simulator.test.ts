import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MowerListResponse } from '../../common/api-types.ts';
import type { MowerStatusDto } from '../../common/fleet.ts';
import { BridgeError, call } from '../lib/bridge/bridge.ts';
import { type BridgeMethod, type BridgeParams, BRIDGE_METHODS } from '../lib/bridge/methods.ts';
import { NATIVE_FAILURE } from '../lib/bridge/protocol.ts';
import { NativeSimulator } from './native-simulator.ts';
import { DEFAULT_STATE, type SimulatorState } from './simulator-state.ts';

const MOWERS: MowerListResponse = {
  mowers: [
    { serial_number: 'NVM-DEMO-0001', name: 'Front lawn', model: 'Navimow i105E', role: 'owner', battery_percent: 92 },
    {
      serial_number: 'NVM-DEMO-0002',
      name: 'Back garden',
      model: 'Navimow X330E',
      role: 'shared',
      battery_percent: 40,
    },
  ],
};

const status = (serial: string, change: Partial<MowerStatusDto>): MowerStatusDto => ({
  serial_number: serial,
  state: 'docked',
  online: true,
  battery_percent: 93,
  charging: false,
  error_reason: null,
  winter_mode: false,
  mowing_seconds: 0,
  updated_at: '2026-06-01T08:00:00.000Z',
  ...change,
});

/** The demo backend behind the simulator: sign-in and the mower list. */
function backend({ signIn = true } = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/login') {
      return signIn
        ? Response.json({ access_token: 'sim-token', refresh_token: 'r', token_type: 'Bearer', expires_in: 3600 })
        : Response.json({ error: { code: 'invalid_credentials', message: 'x' } }, { status: 401 });
    }
    const signedIn = (init?.headers as Record<string, string> | undefined)?.Authorization === 'Bearer sim-token';
    if (url === '/api/mowers' && signedIn) {
      return Response.json(MOWERS);
    }
    // The server's winter storage: refused below 85 % (the shared mower is at 40 %).
    const winter = /^\/api\/mowers\/([^/]+)\/winter-mode$/.exec(url);
    if (winter && signedIn && init?.method === 'PUT') {
      const { enabled } = JSON.parse(init.body as string) as { enabled: boolean };
      if (winter[1] === 'NVM-DEMO-0002' && enabled) {
        return Response.json(
          { error: { code: 'battery_too_low', message: 'The battery is at 40 %; winter storage needs 85 % or more.' } },
          { status: 409 },
        );
      }
      return Response.json(status(winter[1]!, { winter_mode: enabled }));
    }
    const report = /^\/api\/simulator\/mowers\/([^/]+)\/report$/.exec(url);
    if (report && signedIn && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as { kind: string; reason?: string };
      const changed =
        body.kind === 'fault'
          ? { state: 'error' as const, error_reason: body.reason ?? null }
          : body.kind === 'offline'
            ? { online: false }
            : {};
      return Response.json({ changed: true, status: status(report[1]!, changed) });
    }
    return Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Installs the simulator as the page's native app, as `install.tsx` does. */
function install(state: Partial<SimulatorState> = {}) {
  const onRestart = vi.fn();
  const onOpenLink = vi.fn();
  const simulator = new NativeSimulator({ ...DEFAULT_STATE, mower: 'NVM-DEMO-0001', ...state }, onRestart, onOpenLink);
  window.NavimowBridge = { postMessage: (message: string) => simulator.receive(message), simulated: true };
  return { simulator, onRestart, onOpenLink };
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
  openGoogleHomeURI: { uri: 'https://home.google.com/home-app' },
  changeMowerOpenScheme: { vehicle_sn: 'NVM-DEMO-0002' },
  handleH5MowerSet: { vehicle_sn: 'NVM-DEMO-0001', page: 'settings' },
  setWinterStorageMode: { vehicle_sn: 'NVM-DEMO-0001', enabled: true },
};

const callWith = <M extends BridgeMethod>(method: M) =>
  (call as (m: M, p: BridgeParams<M>) => Promise<unknown>)(method, SAMPLE_PARAMS[method]);

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
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      account: 'friend@navimow.example',
      password: 'Navimow-demo-2',
    });
  });

  it('puts the mower into hibernation through the server, which refuses under 85 %: the refused code', async () => {
    const fetchMock = backend();
    const { simulator } = install();
    const refused = await call('setWinterStorageMode', { vehicle_sn: 'NVM-DEMO-0002', enabled: true }).catch(
      (caught: unknown) => caught,
    );
    expect(refused).toBeInstanceOf(BridgeError);
    expect((refused as BridgeError).isNative('refused')).toBe(true);
    expect((refused as BridgeError).message).toContain('85 %');
    await expect(call('setWinterStorageMode', { vehicle_sn: 'NVM-DEMO-0001', enabled: true })).resolves.toEqual({
      winter_mode: true,
    });
    expect(simulator.winterMode).toEqual({ 'NVM-DEMO-0001': true });
    const puts = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([url, init]) => [url, JSON.parse(init!.body as string)]);
    expect(puts).toEqual([
      ['/api/mowers/NVM-DEMO-0002/winter-mode', { enabled: true }],
      ['/api/mowers/NVM-DEMO-0001/winter-mode', { enabled: true }],
    ]);
    expect(simulator.log.find((entry) => entry.method === 'PUT /api/mowers/NVM-DEMO-0002/winter-mode')).toMatchObject({
      code: 409,
    });
  });

  it('reports a fault or a lost connection of the current mower to the server, and logs it', async () => {
    backend();
    const { simulator } = install();
    await expect(simulator.reportMower({ kind: 'fault', reason: 'lifted' })).resolves.toMatchObject({
      state: 'error',
      error_reason: 'lifted',
    });
    await expect(simulator.reportMower({ kind: 'offline' })).resolves.toMatchObject({ online: false });
    expect(simulator.log.map((entry) => [entry.method, entry.params, entry.code])).toEqual([
      ['POST /api/simulator/mowers/NVM-DEMO-0001/report', { kind: 'offline' }, 200],
      ['POST /api/simulator/mowers/NVM-DEMO-0001/report', { kind: 'fault', reason: 'lifted' }, 200],
    ]);
  });

  it('answers with the bridge’s failure codes', async () => {
    backend();
    install();
    expect(await failureCode(call('handleH5MowerSet', { vehicle_sn: 'NVM-OTHER-0009', page: 'settings' }))).toBe(
      NATIVE_FAILURE.badParams,
    );
    expect(await failureCode(call('changeMowerOpenScheme', { vehicle_sn: 'NVM-OTHER-0009' }))).toBe(
      NATIVE_FAILURE.badParams,
    );

    backend({ signIn: false });
    install();
    expect(await failureCode(call('getCommonAppData'))).toBe(NATIVE_FAILURE.notSignedIn);
    expect(await failureCode(call('getMowerList'))).toBe(NATIVE_FAILURE.notSignedIn);
    // The app's own request failed: its failure, not a refusal by the mower.
    expect(await failureCode(call('setWinterStorageMode', { vehicle_sn: 'NVM-DEMO-0001', enabled: true }))).toBe(
      NATIVE_FAILURE.internal,
    );
  });

  it('refuses, and logs, a URI outside the allowlist even when a page posts it directly', async () => {
    const { simulator } = install();
    for (const [method, uri] of [
      ['openScheme', 'javascript:alert(1)'],
      ['openScheme', 'intent://x#Intent;end'],
      ['openExternalURI', 'file:///etc/passwd'],
      ['openGoogleHomeURI', 'https://evil.example/'],
      // The retired link into account linking (Google's migration of 2026-09-10): Google Home's own is on home.google.com.
      [
        'openGoogleHomeURI',
        'https://madeby.google.com/home-app/?deeplink=setup%2Fha_linking%3Fagent_id%3Dnavimow-demo',
      ],
    ] as const) {
      const callback = `__test_${method}_${simulator.log.length}`;
      const answer = new Promise((resolve) => {
        (window as unknown as Record<string, unknown>)[callback] = resolve;
      });
      simulator.receive(JSON.stringify({ method, callback, params: { uri } }));
      expect(JSON.parse((await answer) as string), uri).toMatchObject({
        code: NATIVE_FAILURE.badParams,
        msg: expect.stringContaining('refused'),
      });
      expect(
        simulator.log.some(
          (entry) =>
            entry.method === method && entry.code === NATIVE_FAILURE.badParams && entry.note?.includes('refused'),
        ),
      ).toBe(true);
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

  it('keeps its log across the restart, so that the switch stays visible', async () => {
    backend();
    const { onRestart } = install();
    await call('changeMowerOpenScheme', { vehicle_sn: 'NVM-DEMO-0002' });
    await vi.waitFor(() => expect(onRestart).toHaveBeenCalled());

    const restarted = new NativeSimulator({ ...DEFAULT_STATE, mower: 'NVM-DEMO-0002' });
    expect(restarted.log.find((entry) => entry.method === 'changeMowerOpenScheme')).toMatchObject({
      code: 0,
      note: 'restarting with NVM-DEMO-0002',
      params: { vehicle_sn: 'NVM-DEMO-0002' },
      at: expect.any(Date),
    });
    // Carried over once: a later start of the app begins with an empty log.
    expect(new NativeSimulator(DEFAULT_STATE).log).toEqual([]);
  });

  describe('playing Amazon for Alexa linking', () => {
    const CONSENT =
      'https://alexa.amazon.com/spa/skill-account-linking-consent?fragment=skill-account-linking-consent&client_id=lwa&state=s1';
    const LWA = 'https://www.amazon.com/ap/oa?client_id=lwa&response_type=code&state=s1';
    const back = (query: string) => `${window.location.origin}/smartHome/alexa/appBind?${query}`;

    /** The demo backend plus the server's fake of Amazon, which answers its authorization step with `redirectTo`. */
    function amazon(redirectTo: string | Response = back('code=amazon-code&state=s1')) {
      const fetchMock = backend();
      const base = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
        if (url === '/dev/amazon/authorize')
          return typeof redirectTo === 'string' ? Response.json({ redirect_to: redirectTo }) : redirectTo;
        return base(url, init);
      });
      return fetchMock;
    }
    const authorizations = (fetchMock: ReturnType<typeof amazon>) =>
      fetchMock.mock.calls
        .filter(([url]) => url === '/dev/amazon/authorize')
        .map(([, init]) => JSON.parse(init!.body as string) as { url: string; decision: string });

    it('answers whether the Alexa app is installed as the panel says', async () => {
      install({ installedApps: { amazon_alexa: false, google_home: true } });
      await expect(call('appIsInstall', { app: 'amazon_alexa' })).resolves.toEqual({ installed: false });
      await expect(call('appIsInstall', { app: 'google_home' })).resolves.toEqual({ installed: true });
    });

    it('opens the Alexa app’s consent, consents as the signed-in account’s Amazon user, and follows Amazon back into the app', async () => {
      const fetchMock = amazon();
      const { simulator, onOpenLink } = install({ account: 'friend@navimow.example' });
      await expect(call('openScheme', { uri: CONSENT })).resolves.toEqual({ opened: true });
      await vi.waitFor(() =>
        expect(onOpenLink).toHaveBeenCalledWith('/smartHome/alexa/appBind?code=amazon-code&state=s1'),
      );
      const [authorization] = authorizations(fetchMock);
      expect(authorization!.decision).toBe('allow');
      expect(new URL(authorization!.url).searchParams.get('state')).toBe('s1');
      expect(new URL(authorization!.url).searchParams.get('user')).toBe('amzn1.account.SIMFRIENDNAVIMOWEXAMPLE');
      expect(simulator.log.find((entry) => entry.method === 'POST /dev/amazon/authorize')).toMatchObject({
        code: 200,
        note: 'back to /smartHome/alexa/appBind',
      });
    });

    it('takes the user to Login with Amazon in the browser the same way, denying when the panel says so', async () => {
      const fetchMock = amazon(back('error=access_denied&state=s1'));
      const { onOpenLink } = install({ amazonConsent: 'deny' });
      await call('openExternalURI', { uri: LWA });
      await vi.waitFor(() =>
        expect(onOpenLink).toHaveBeenCalledWith('/smartHome/alexa/appBind?error=access_denied&state=s1'),
      );
      expect(authorizations(fetchMock)[0]!.decision).toBe('deny');
    });

    it('opens nothing without the Alexa app, and never follows Amazon to another site', async () => {
      const fetchMock = amazon();
      let opened = install({ installedApps: { amazon_alexa: false, google_home: true } });
      await expect(call('openScheme', { uri: CONSENT })).resolves.toEqual({ opened: false });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(authorizations(fetchMock)).toEqual([]);
      expect(opened.onOpenLink).not.toHaveBeenCalled();

      const elsewhere = amazon('https://evil.example/smartHome/alexa/appBind?code=c&state=s1');
      opened = install();
      await call('openScheme', { uri: CONSENT });
      await vi.waitFor(() =>
        expect(
          opened.simulator.log.some((entry) => entry.note === 'Amazon sent the user to a page outside this app'),
        ).toBe(true),
      );
      expect(authorizations(elsewhere)).toHaveLength(1);
      expect(opened.onOpenLink).not.toHaveBeenCalled();
    });

    it('logs a fake of Amazon that fails, and stays on the page', async () => {
      amazon(Response.json({ error: 'invalid_client' }, { status: 400 }));
      const { simulator, onOpenLink } = install();
      await call('openExternalURI', { uri: LWA });
      await vi.waitFor(() =>
        expect(simulator.log.find((entry) => entry.method === 'POST /dev/amazon/authorize')).toMatchObject({
          code: 400,
          note: 'invalid_client',
        }),
      );
      expect(onOpenLink).not.toHaveBeenCalled();
    });
  });
});
