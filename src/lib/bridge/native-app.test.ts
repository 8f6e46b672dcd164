import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeRequest } from './protocol.ts';
import {
  decodeBase64Utf8,
  decrypt,
  encipher,
  ninebotVersion,
  readAppVersion,
  splitVersionSuffix,
  storedAppVersion,
  supportsEnhancedNative,
} from './native-app.ts';

/** A native side that answers every request at once with `respond(request)`. */
function fakeNative(respond: (request: BridgeRequest) => unknown) {
  window.NavimowBridge = {
    postMessage: (text: string) => {
      const request = JSON.parse(text) as BridgeRequest;
      queueMicrotask(() =>
        (window as unknown as Record<string, (r: unknown) => void>)[request.callback]!(respond(request)),
      );
    },
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete window.NavimowBridge;
});

describe('app version', () => {
  it('reads the version from the app and stores it', async () => {
    fakeNative(() => ({ code: 0, data: { versionName: '3.0.153', versionCode: 300000153 } }));
    expect(await readAppVersion()).toEqual({ versionName: '3.0.153', versionCode: 300000153 });
    expect(JSON.parse(localStorage.getItem('navimow.appVersion')!)).toEqual({
      versionName: '3.0.153',
      versionCode: 300000153,
    });
    expect(storedAppVersion().versionName).toBe('3.0.153');
  });

  it('falls back to 1.0.0 when the version cannot be read', async () => {
    fakeNative(() => ({ code: 500, msg: 'no' }));
    expect(await readAppVersion()).toEqual({ versionName: '1.0.0', versionCode: null });
  });

  it('gates enhanced native behaviour at build 300000153', () => {
    expect(supportsEnhancedNative({ versionName: 'x', versionCode: 300000152 })).toBe(false);
    expect(supportsEnhancedNative({ versionName: 'x', versionCode: 300000153 })).toBe(true);
    expect(supportsEnhancedNative({ versionName: '1.0.0', versionCode: null })).toBe(false);
  });
});

describe('encryption helpers', () => {
  it('splits the version suffix off and keeps it as the Ninebot version', async () => {
    expect(splitVersionSuffix('QUJD#NB2')).toEqual({ cipherText: 'QUJD', version: 'NB2' });
    expect(splitVersionSuffix('QUJD')).toEqual({ cipherText: 'QUJD', version: undefined });
    fakeNative(() => ({ code: 0, data: 'c2VhbGVk#7' }));
    expect(await encipher('hello')).toBe('c2VhbGVk');
    expect(ninebotVersion()).toBe('7');
  });

  it('decodes the base64 answer of handleDecrypt as UTF-8', async () => {
    expect(decodeBase64Utf8('R3LDvMOfZSDwn4y/')).toBe('Grüße 🌿');
    fakeNative(() => ({ code: 0, data: 'w6XDpMO2' }));
    expect(await decrypt('c2VhbGVk')).toBe('åäö');
  });
});
