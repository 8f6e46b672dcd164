import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../lib/bridge/bridge.ts';
import { startAppFlip } from './google-app-flip.ts';
import { NativeSimulator } from './native-simulator.ts';
import { DEFAULT_STATE } from './simulator-state.ts';

function install(installed = true) {
  const simulator = new NativeSimulator(
    { ...DEFAULT_STATE, installedApps: { ...DEFAULT_STATE.installedApps, google_home: installed } },
    vi.fn(),
  );
  window.NavimowBridge = { postMessage: (message: string) => simulator.receive(message), simulated: true };
  return simulator;
}

/** The log's note on the last answer to a method. */
const noteOf = (simulator: NativeSimulator, method: string) =>
  simulator.log.find((entry) => entry.method === method)?.note;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  delete window.NavimowBridge;
  vi.unstubAllGlobals();
});

describe('the simulator’s Google Home', () => {
  it('starts App Flip at the appBind page with the registered Google client and a fresh state', () => {
    const href = new URL(startAppFlip('de'), 'http://localhost');
    expect(href.pathname).toBe('/smartHome/googleHome/appBind');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      client_id: 'google',
      scope: 'mower:read mower:control',
      redirect_uri: 'https://oauth-redirect.googleusercontent.com/r/navimow-demo',
      state: expect.stringMatching(/^[0-9a-f]{24}$/),
      lang: 'de',
    });
    expect(new URL(startAppFlip('de'), 'http://localhost').searchParams.get('state')).not.toBe(
      href.searchParams.get('state'),
    );
  });

  it('logs a success with its code shortened, and the state it sent checked', async () => {
    const simulator = install();
    const state = new URL(startAppFlip('en'), 'http://localhost').searchParams.get('state')!;
    await call('setAppFlipResult', { result: 'success', code: 'code-1234567890', state });
    expect(noteOf(simulator, 'setAppFlipResult')).toBe('App Flip: success, code code-123…; back to Google Home');
  });

  it('logs denied and failed answers, and an answer whose state is not the one it sent', async () => {
    const simulator = install();
    startAppFlip('en');
    await call('setAppFlipResult', { result: 'denied' });
    expect(noteOf(simulator, 'setAppFlipResult')).toBe('App Flip: denied; back to Google Home');
    await call('setAppFlipResult', { result: 'failed' });
    expect(noteOf(simulator, 'setAppFlipResult')).toBe('App Flip: failed; not started by Google Home here');
    startAppFlip('en');
    await call('setAppFlipResult', { result: 'success', code: 'c', state: 'someone-elses' });
    expect(noteOf(simulator, 'setAppFlipResult')).toBe(
      'App Flip: success, code c…; state does not match: Google Home ignores it',
    );
  });

  it('opens Google Home links in Google Home, or its store page when it is not installed', async () => {
    const uri = 'https://home.google.com/home-app/?deeplink=setup%2Fha_linking%3Fagent_id%3Dnavimow-demo';
    let simulator = install();
    await call('openGoogleHomeURI', { uri });
    expect(noteOf(simulator, 'openGoogleHomeURI')).toBe('Google Home opens setup/ha_linking?agent_id=navimow-demo');
    simulator = install(false);
    await call('openGoogleHomeURI', { uri });
    expect(noteOf(simulator, 'openGoogleHomeURI')).toBe('Google Home is not installed: its store page opens');
  });
});
