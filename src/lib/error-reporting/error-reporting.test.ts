import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api-client.ts';
import { BridgeError } from '../bridge/bridge.ts';
import type * as ErrorReporting from './error-reporting.ts';

/** The module keeps the buffer and the reporter for the page's life: each test gets a fresh copy. */
let reporting: typeof ErrorReporting;

const fakeReporter = () => ({ captureException: vi.fn(), addBreadcrumb: vi.fn(), setTags: vi.fn() });

beforeEach(async () => {
  vi.resetModules();
  reporting = await import('./error-reporting.ts');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('error reporting', () => {
  it('stays off without a DSN', async () => {
    await expect(reporting.startErrorReporting('')).resolves.toBe(false);
  });

  it('hands what happened before the SDK loaded to it, in order, then reports directly', async () => {
    const early = new Error('before first paint');
    reporting.reportError(early);
    reporting.addBreadcrumb({ category: 'bridge', message: 'getAppVersion ok' });
    reporting.setReportTags({ platform: 'ios' });
    const reporter = fakeReporter();
    reporting.attachReporter(reporter);
    expect(reporter.setTags).toHaveBeenCalledWith({ platform: 'ios' });
    expect(reporter.addBreadcrumb).toHaveBeenCalledWith(expect.objectContaining({ message: 'getAppVersion ok' }));
    expect(reporter.captureException).toHaveBeenCalledWith(early);
    const late = new Error('later');
    reporting.reportError(late);
    expect(reporter.captureException).toHaveBeenLastCalledWith(late);
    await expect(reporting.startErrorReporting('')).resolves.toBe(true);
  });

  it('keeps the last 100 errors and breadcrumbs while waiting for the SDK', () => {
    for (let index = 0; index < 150; index += 1) {
      reporting.reportError(new Error(`error ${index}`));
      reporting.addBreadcrumb({ category: 'test', message: `crumb ${index}` });
    }
    expect(reporting.bufferedBreadcrumbs()).toHaveLength(100);
    expect(reporting.bufferedBreadcrumbs()[0]!.message).toBe('crumb 50');
    const reporter = fakeReporter();
    reporting.attachReporter(reporter);
    expect(reporter.captureException).toHaveBeenCalledTimes(100);
    expect(reporter.captureException.mock.calls[0]![0]).toMatchObject({ message: 'error 50' });
  });
});

describe('reportUnexpected', () => {
  const unexpected = [
    new Error('a bug'),
    new ApiError(500, 'internal_error', 'boom'),
    new ApiError(502, 'http_error', 'HTTP 502'),
    new BridgeError('getMowerList', 'timeout', 'no answer'),
    new BridgeError('getMowerList', 'invalid-result', 'does not fit'),
    new BridgeError('getMowerList', 'native', 'unknown method', 404),
  ];
  const expected = [
    new NetworkError('offline'),
    new ApiError(400, 'invalid_body', 'rating: required'),
    new ApiError(401, 'unauthorized', 'sign in'),
    new ApiError(429, 'rate_limited', 'wait'),
    new BridgeError('getMowerList', 'unavailable', 'no native app'),
    new BridgeError('setWinterStorageMode', 'native', 'battery too low', 1001),
    new BridgeError('getCommonAppData', 'native', 'signed out', 401),
    new DOMException('the screen moved on', 'AbortError'),
  ];

  it.each(unexpected.map((error) => [error.message, error]))('reports a defect: %s', (_, error) => {
    const reporter = fakeReporter();
    reporting.attachReporter(reporter);
    reporting.reportUnexpected(error);
    expect(reporter.captureException).toHaveBeenCalledWith(error);
  });

  it.each(expected.map((error) => [error.message, error]))('lets an expected outcome pass: %s', (_, error) => {
    const reporter = fakeReporter();
    reporting.attachReporter(reporter);
    reporting.reportUnexpected(error);
    expect(reporter.captureException).not.toHaveBeenCalled();
  });
});
