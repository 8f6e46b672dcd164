import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, stateFromUrl, urlAfterRestart } from './simulator-state.ts';

describe('stateFromUrl', () => {
  it('takes permissions from sim_permissions and ignores what it does not know', () => {
    const state = stateFromUrl(
      '?sim_permissions=bluetooth:denied,location:unsupported,camera:denied,notification:maybe',
      {},
    );
    expect(state.permissions).toEqual({ bluetooth: 'denied', location: 'unsupported', notification: 'granted' });
  });

  it('keeps the stored permissions without the parameter', () => {
    const previous = { permissions: { ...DEFAULT_STATE.permissions, location: 'denied' as const } };
    expect(stateFromUrl('?sim_mower=NVM-DEMO-0001', previous).permissions.location).toBe('denied');
  });

  it('takes the account, mower, app version and platform from sim_ parameters', () => {
    const state = stateFromUrl(
      '?sim_account=Friend@Navimow.example&sim_mower=NVM-DEMO-0003&sim_app_version=300000152&sim_platform=ios',
      {},
    );
    expect(state).toMatchObject({
      account: 'friend@navimow.example',
      mower: 'NVM-DEMO-0003',
      appVersionCode: 300000152,
      platform: 'ios',
    });
  });

  it('forgets the stored mower when the account changes, and ignores values it cannot use', () => {
    const previous = { account: 'demo@navimow.example', mower: 'NVM-DEMO-0001', appVersionCode: 300000200 };
    expect(stateFromUrl('?sim_account=friend@navimow.example', previous).mower).toBeUndefined();
    expect(stateFromUrl('?sim_app_version=abc&sim_platform=windows', previous)).toMatchObject({
      mower: 'NVM-DEMO-0001',
      appVersionCode: 300000200,
      platform: DEFAULT_STATE.platform,
    });
  });
});

describe('the Alexa side of the phone', () => {
  it('takes installed apps from sim_apps and the consent from sim_amazon_consent, keeping them otherwise', () => {
    const state = stateFromUrl(
      '?sim_apps=amazon_alexa:missing,tv_remote:installed,google_home:maybe&sim_amazon_consent=deny',
      {},
    );
    expect(state.installedApps).toEqual({ amazon_alexa: false, google_home: true });
    expect(state.amazonConsent).toBe('deny');
    expect(stateFromUrl('?sim_mower=NVM-DEMO-0001', state)).toMatchObject({
      installedApps: { amazon_alexa: false },
      amazonConsent: 'deny',
    });
    expect(stateFromUrl('?sim_apps=amazon_alexa:installed&sim_amazon_consent=perhaps', state)).toMatchObject({
      installedApps: { amazon_alexa: true },
      amazonConsent: 'deny',
    });
  });
});

describe('urlAfterRestart', () => {
  it('reopens the same page with the mower now current, whatever mower the link named', () => {
    expect(
      urlAfterRestart('http://127.0.0.1:4173/message-detail?id=m1&lang=de&sim_mower=NVM-DEMO-0001', {
        mower: 'NVM-DEMO-0002',
      }),
    ).toBe('http://127.0.0.1:4173/message-detail?id=m1&lang=de&sim_mower=NVM-DEMO-0002');
    expect(urlAfterRestart('http://127.0.0.1:4173/message-center', { mower: 'NVM-DEMO-0002' })).toBe(
      'http://127.0.0.1:4173/message-center?sim_mower=NVM-DEMO-0002',
    );
  });
});
