import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, installFakeBridge } from '../testing/fake-bridge.ts';
import type { CommonAppData } from './bridge/methods.ts';
import type * as ErrorReporting from './error-reporting/error-reporting.ts';
import type * as Session from './session.ts';

/** The session keeps the app data for the page's life: each test is a fresh page load. */
let session: typeof Session;
let reporting: typeof ErrorReporting;
let bridge: ReturnType<typeof installFakeBridge> | undefined;

const APP_DATA: CommonAppData = {
  vehicle_sn: 'NVM-DEMO-0001',
  email: 'demo@navimow.example',
  client_ver: '3.0.200',
  access_token: 'token-1',
  platform: 'ios',
  os_version: '18.5',
  device_model: 'iPhone15,2',
};

function app(...answers: FakeAnswer<'getCommonAppData'>[]) {
  let calls = 0;
  bridge = installFakeBridge({ getCommonAppData: () => answers[Math.min(calls++, answers.length - 1)]! });
  return bridge;
}

beforeEach(async () => {
  vi.resetModules();
  session = await import('./session.ts');
  reporting = await import('./error-reporting/error-reporting.ts');
});
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
  vi.restoreAllMocks();
});

describe('session', () => {
  it('asks the app once per page load and shares its answer', async () => {
    const { callsOf } = app({ code: 0, data: APP_DATA });
    const [first, second] = await Promise.all([session.commonAppData(), session.commonAppData()]);
    expect(await session.commonAppData()).toBe(first);
    expect(second).toBe(first);
    expect(first.access_token).toBe('token-1');
    expect(callsOf('getCommonAppData')).toHaveLength(1);
  });

  it('does not keep a failure: the next read asks the app again', async () => {
    const { callsOf } = app({ code: 401, msg: 'not signed in' }, { code: 0, data: APP_DATA });
    await expect(session.commonAppData()).rejects.toMatchObject({ reason: 'native', code: 401 });
    await expect(session.commonAppData()).resolves.toMatchObject({ email: 'demo@navimow.example' });
    expect(callsOf('getCommonAppData')).toHaveLength(2);
  });

  it('gives the bearer token, or none when the app has no user or there is no app', async () => {
    await expect(session.getAccessToken()).resolves.toBeUndefined();
    app({ code: 0, data: { ...APP_DATA, access_token: '' } });
    await expect(session.getAccessToken()).resolves.toBeUndefined();
  });

  it('reports an app that fails to tell its session, not a page without an app', async () => {
    const reporter = { captureException: vi.fn(), addBreadcrumb: vi.fn(), setTags: vi.fn() };
    reporting.attachReporter(reporter);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await session.getAccessToken();
    expect(reporter.captureException).not.toHaveBeenCalled();
    app({ code: 500, msg: 'keychain locked' });
    await expect(session.getAccessToken()).resolves.toBeUndefined();
    expect(reporter.captureException).toHaveBeenCalledWith(expect.objectContaining({ reason: 'native', code: 500 }));
  });

  it('reads the token again when asked to refresh it', async () => {
    const { callsOf } = app({ code: 0, data: APP_DATA }, { code: 0, data: { ...APP_DATA, access_token: 'token-2' } });
    await expect(session.getAccessToken()).resolves.toBe('token-1');
    await expect(session.refreshAccessToken()).resolves.toBe('token-2');
    await expect(session.getAccessToken()).resolves.toBe('token-2');
    expect(callsOf('getCommonAppData')).toHaveLength(2);
  });

  it('tags error reports with the device, never with the user', async () => {
    app({ code: 0, data: APP_DATA });
    const reporter = { captureException: vi.fn(), addBreadcrumb: vi.fn(), setTags: vi.fn() };
    reporting.attachReporter(reporter);
    await session.tagReportsWithDevice();
    const tags = reporter.setTags.mock.calls.at(-1)![0] as Record<string, string>;
    expect(tags).toEqual({ client_ver: '3.0.200', platform: 'ios', os_version: '18.5', device_model: 'iPhone15,2' });
    expect(JSON.stringify(tags)).not.toMatch(/demo@navimow|NVM-DEMO|token/);
  });

  it('tags nothing, and throws nothing, without an app', async () => {
    const reporter = { captureException: vi.fn(), addBreadcrumb: vi.fn(), setTags: vi.fn() };
    reporting.attachReporter(reporter);
    await expect(session.tagReportsWithDevice()).resolves.toBeUndefined();
    // Only the (empty) tags handed over when the reporter attached.
    expect(reporter.setTags.mock.calls).toEqual([[{}]]);
  });
});
