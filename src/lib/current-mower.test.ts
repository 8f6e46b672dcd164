import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeHandler, installFakeBridge } from '../testing/fake-bridge.ts';
import type * as Bridge from './bridge/bridge.ts';
import type { Mower } from './bridge/methods.ts';
import type * as CurrentMower from './current-mower.ts';

/** The session keeps the app data of the page load: each test is a fresh page load. */
let getCurrentMower: typeof CurrentMower.getCurrentMower;
let isNoNativeApp: typeof Bridge.isNoNativeApp;
let bridge: ReturnType<typeof installFakeBridge> | undefined;

const FRONT_LAWN: Mower = {
  vehicle_sn: 'NVM-DEMO-0001',
  name: 'Front lawn',
  model: 'Navimow i105E',
  role: 'owner',
  battery_percent: 92,
};
const BACK_GARDEN: Mower = {
  vehicle_sn: 'NVM-DEMO-0002',
  name: 'Back garden',
  model: 'Navimow X330E',
  role: 'shared',
  battery_percent: 40,
};

const appData = (vehicleSn: string): FakeAnswer<'getCommonAppData'> => ({
  code: 0,
  data: { vehicle_sn: vehicleSn, email: 'demo@navimow.example', client_ver: '3.0.200', access_token: 'token' },
});
const mowerList: FakeHandler<'getMowerList'> = () => ({ code: 0, data: { mowers: [FRONT_LAWN, BACK_GARDEN] } });

beforeEach(async () => {
  vi.resetModules();
  ({ getCurrentMower } = await import('./current-mower.ts'));
  ({ isNoNativeApp } = await import('./bridge/bridge.ts'));
});
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
});

describe('getCurrentMower', () => {
  it('is the app’s current mower as the mower list describes it now', async () => {
    bridge = installFakeBridge({ getCommonAppData: () => appData('NVM-DEMO-0002'), getMowerList: mowerList });
    await expect(getCurrentMower()).resolves.toEqual(BACK_GARDEN);
  });

  it('asks for the app data and the mower list at once: one round trip', async () => {
    let answerAppData!: (answer: FakeAnswer<'getCommonAppData'>) => void;
    bridge = installFakeBridge({
      getCommonAppData: () => new Promise<FakeAnswer<'getCommonAppData'>>((resolve) => (answerAppData = resolve)),
      getMowerList: mowerList,
    });
    const mower = getCurrentMower();
    await vi.waitFor(() => expect(bridge!.callsOf('getCommonAppData')).toHaveLength(1));
    expect(bridge.callsOf('getMowerList')).toHaveLength(1);
    answerAppData(appData('NVM-DEMO-0001'));
    await expect(mower).resolves.toMatchObject({ vehicle_sn: 'NVM-DEMO-0001', battery_percent: 92 });
  });

  it('is null when the app has no current mower, whatever the mower list answers', async () => {
    bridge = installFakeBridge({
      getCommonAppData: () => appData(''),
      getMowerList: () => ({ code: 500, msg: 'broken' }),
    });
    await expect(getCurrentMower()).resolves.toBeNull();
  });

  it('is null when the current mower is no longer on the account', async () => {
    bridge = installFakeBridge({ getCommonAppData: () => appData('NVM-GONE-0009'), getMowerList: mowerList });
    await expect(getCurrentMower()).resolves.toBeNull();
  });

  it('fails when the mower list cannot be read for a current mower', async () => {
    bridge = installFakeBridge({
      getCommonAppData: () => appData('NVM-DEMO-0001'),
      getMowerList: () => ({ code: 500, msg: 'broken' }),
    });
    await expect(getCurrentMower()).rejects.toMatchObject({ method: 'getMowerList', reason: 'native', code: 500 });
  });

  it('fails as "no native app" in a plain browser', async () => {
    const error = await getCurrentMower().catch((caught: unknown) => caught);
    expect(isNoNativeApp(error)).toBe(true);
  });
});
