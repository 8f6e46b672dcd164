import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, installFakeBridge } from '../testing/fake-bridge.ts';
import type * as PersonalView from './personal-view.ts';

/** The session keeps the app data for the page's life: each test is a fresh page load. */
let personalView: typeof PersonalView;
let bridge: ReturnType<typeof installFakeBridge> | undefined;

const appData = (vehicleSn: string): FakeAnswer<'getCommonAppData'> => ({
  code: 0,
  data: { vehicle_sn: vehicleSn, email: 'demo@navimow.example', client_ver: '3.2.0', access_token: 'token-1' },
});

const VIEW = { markup: '<main>view</main>', responses: {}, now: 1, timeZone: 'Pacific/Auckland', appVersionCode: 1 };

/** The view requests the entry sends, answered with `body`. */
function serveViews(body: unknown = VIEW) {
  const sent: { url: URL; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({
        url: new URL(url, 'http://page.test'),
        authorization: new Headers(init.headers).get('Authorization'),
      });
      return Promise.resolve(Response.json(body));
    }),
  );
  return sent;
}

beforeEach(async () => {
  vi.resetModules();
  personalView = await import('./personal-view.ts');
});
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
  vi.unstubAllGlobals();
});

describe('readerTimeZone', () => {
  it('takes the zone from Temporal where the web view has it, not from a first Intl formatter', () => {
    const timeZoneId = vi.fn(() => 'Pacific/Auckland');
    vi.stubGlobal('Temporal', { Now: { timeZoneId } });
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    expect(personalView.readerTimeZone()).toBe('Pacific/Auckland');
    expect(formatter).not.toHaveBeenCalled();
    formatter.mockRestore();
  });

  it('falls back to Intl without Temporal, or when it fails', () => {
    const intl = Intl.DateTimeFormat().resolvedOptions().timeZone;
    vi.stubGlobal('Temporal', undefined);
    expect(personalView.readerTimeZone()).toBe(intl);
    vi.stubGlobal('Temporal', {
      Now: {
        timeZoneId: () => {
          throw new RangeError('no zone');
        },
      },
    });
    expect(personalView.readerTimeZone()).toBe(intl);
  });
});

describe('loadPersonalView', () => {
  it('asks for the page’s view with the token, the app’s version and its current mower', async () => {
    bridge = installFakeBridge({
      getCommonAppData: () => appData('NVM-DEMO-0001'),
      getAppVersion: () => ({ code: 0, data: { versionName: '3.2.0', versionCode: 300000200 } }),
    });
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Pacific/Auckland' } });
    window.history.replaceState(null, '', '/robotWinterMode/guide?lang=en');
    const sent = serveViews();
    expect(await personalView.loadPersonalView()).toEqual(VIEW);
    expect(sent).toHaveLength(1);
    const [{ url, authorization }] = sent as [(typeof sent)[number]];
    expect(url.pathname).toBe('/api/personal-view');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      path: '/robotWinterMode/guide?lang=en',
      lang: document.documentElement.lang,
      tz: 'Pacific/Auckland',
      app: '300000200',
      mower: 'NVM-DEMO-0001',
    });
    expect(authorization).toBe('Bearer token-1');
    expect(bridge.callsOf('getCommonAppData')).toHaveLength(1);
  });

  it('sends no mower when the app has none current', async () => {
    bridge = installFakeBridge({ getCommonAppData: () => appData('') });
    const sent = serveViews();
    await personalView.loadPersonalView();
    expect(sent[0]?.url.searchParams.has('mower')).toBe(false);
    expect(sent[0]?.url.searchParams.has('app')).toBe(false);
  });

  it('keeps the mower the view was rendered for, and takes no answer of another shape', async () => {
    bridge = installFakeBridge({ getCommonAppData: () => appData('NVM-DEMO-0001') });
    serveViews({ ...VIEW, currentMower: 'NVM-DEMO-0001' });
    expect(await personalView.loadPersonalView()).toEqual({ ...VIEW, currentMower: 'NVM-DEMO-0001' });
    serveViews({ ...VIEW, currentMower: 7 });
    expect(await personalView.loadPersonalView()).toBeUndefined();
  });
});
