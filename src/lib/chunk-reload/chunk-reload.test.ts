import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForNewChunks } from './chunk-reload.ts';

const reload = vi.fn();

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('location', { ...window.location, reload });
  reload.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('chunk reload', () => {
  it('recognises the browsers’ failed dynamic import errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, and not again right after, so a missing chunk cannot loop', () => {
    expect(reloadForNewChunks()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForNewChunks()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload offline, where a reload shows only the browser’s error page', () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    expect(reloadForNewChunks()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
