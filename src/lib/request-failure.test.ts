import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeBridge } from '../testing/fake-bridge.ts';
import { ApiError, NetworkError } from './api-client.ts';
import { canRetry, requestFailure } from './request-failure.ts';

let bridge: ReturnType<typeof installFakeBridge> | undefined;
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
  vi.restoreAllMocks();
});

describe('requestFailure', () => {
  it('reads a 401 in the app as signed out, and in a plain browser as not in the app: neither can be retried', () => {
    const unauthorized = new ApiError(401, 'unauthorized', 'sign in');
    expect(requestFailure(unauthorized)).toBe('notInApp');
    bridge = installFakeBridge({});
    expect(requestFailure(unauthorized)).toBe('signedOut');
    expect(canRetry('signedOut')).toBe(false);
    expect(canRetry('notInApp')).toBe(false);
  });

  it('calls a lost request offline only when the phone is, and anything else a failure worth retrying', () => {
    const lost = new NetworkError('lost');
    expect(requestFailure(lost)).toBe('load');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(requestFailure(lost)).toBe('offline');
    expect(requestFailure(new ApiError(503, 'unavailable', 'later'))).toBe('load');
    expect(canRetry('offline')).toBe(true);
    expect(canRetry('load')).toBe(true);
  });
});
