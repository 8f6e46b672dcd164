import { describe, expect, it } from 'vitest';
import { parseAppFlipParams, permissionsFor } from './app-flip-request.ts';

const REDIRECT = 'https://oauth-redirect.googleusercontent.com/r/navimow-demo';

describe('parseAppFlipParams', () => {
  it('reads the client id, scopes, redirect URI and state the app passed on', () => {
    const search = `?client_id=google&scope=mower%3Aread+mower%3Acontrol&redirect_uri=${encodeURIComponent(REDIRECT)}&state=s-1&lang=de`;
    expect(parseAppFlipParams(search)).toEqual({
      request: { client_id: 'google', scope: 'mower:read mower:control', redirect_uri: REDIRECT },
      state: 's-1',
    });
  });

  it('takes a request without scope or state (Android sends no state)', () => {
    expect(parseAppFlipParams(`?client_id=google&redirect_uri=${encodeURIComponent(REDIRECT)}`)).toEqual({
      request: { client_id: 'google', scope: '', redirect_uri: REDIRECT },
      state: undefined,
    });
  });

  it('refuses a request without client id or redirect URI, with a value given twice, or too long', () => {
    expect(parseAppFlipParams(`?redirect_uri=${encodeURIComponent(REDIRECT)}`)).toBeNull();
    expect(parseAppFlipParams('?client_id=google')).toBeNull();
    expect(parseAppFlipParams(`?client_id=%20&redirect_uri=${encodeURIComponent(REDIRECT)}`)).toBeNull();
    expect(
      parseAppFlipParams(`?client_id=google&client_id=evil&redirect_uri=${encodeURIComponent(REDIRECT)}`),
    ).toBeNull();
    expect(
      parseAppFlipParams(`?client_id=google&redirect_uri=${encodeURIComponent(REDIRECT)}&state=${'x'.repeat(3000)}`),
    ).toBeNull();
  });
});

describe('permissionsFor', () => {
  it('lists what the scopes allow, both when none is asked for', () => {
    expect(permissionsFor('mower:read mower:control')).toEqual(['readStatus', 'controlOnBehalf']);
    expect(permissionsFor('mower:read')).toEqual(['readStatus']);
    expect(permissionsFor('')).toEqual(['readStatus', 'controlOnBehalf']);
  });
});
