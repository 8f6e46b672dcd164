import { describe, expect, it } from 'vitest';
import { BRIDGE_METHODS } from '../../lib/bridge/methods.ts';
import { CHECK_PLAN } from './check-plan.ts';

describe('the check plan', () => {
  it('checks every method of the bridge once, in the order of docs/bridge.md', () => {
    expect(CHECK_PLAN.map((entry) => entry.method)).toEqual(BRIDGE_METHODS);
  });

  it('runs the methods with a visible effect only on a tap, each saying first what will happen', () => {
    const tapped = CHECK_PLAN.filter((entry) => entry.run === 'tap');
    expect(tapped.map((entry) => entry.method).sort()).toEqual([
      'changeMowerOpenScheme',
      'closeWebView',
      'handleH5MowerSet',
      'openExternalURI',
      'openGoogleHomeURI',
      'openScheme',
      'openSystemPermissionPage',
      'setAppFlipResult',
      'setWinterStorageMode',
    ]);
    for (const entry of tapped) expect(entry.effect, entry.method).toMatch(/\w{3,}.*\.$/);
  });
});
