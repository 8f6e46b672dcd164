import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bufferedBreadcrumbs } from '../error-reporting/error-reporting.ts';
import { BridgeError, type BridgeExchange, call, hasNativeApp, isNoNativeApp } from './bridge.ts';
import { type BridgeRequest, NATIVE_FAILURE } from './protocol.ts';
import { BRIDGE_METHODS } from './methods.ts';

type Host = Record<string, unknown>;
const host = window as unknown as Host;
let requests: BridgeRequest[];

function answer(index: number, response: unknown) {
  const fn = host[requests[index]!.callback];
  if (typeof fn !== 'function') throw new Error('no callback');
  fn(response);
}

beforeEach(() => {
  requests = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  delete window.NavimowBridge;
  delete window.webkit;
});

const installAndroid = () => {
  window.NavimowBridge = { postMessage: (text: string) => requests.push(JSON.parse(text) as BridgeRequest) };
};

describe('call', () => {
  it('speaks the seed’s 19 methods', () => {
    expect(BRIDGE_METHODS).toHaveLength(19);
  });

  it('posts a JSON string on Android and an object on iOS', async () => {
    const posted: unknown[] = [];
    window.NavimowBridge = { postMessage: (text: string) => posted.push(text) };
    void call('closeWebView').catch(() => undefined);
    delete window.NavimowBridge;
    window.webkit = { messageHandlers: { NavimowBridge: { postMessage: (request) => posted.push(request) } } };
    void call('closeWebView').catch(() => undefined);
    expect(typeof posted[0]).toBe('string');
    expect(JSON.parse(posted[0] as string)).toMatchObject({ method: 'closeWebView', params: {} });
    expect(posted[1]).toMatchObject({ method: 'closeWebView', params: {} });
  });

  it('resolves with the validated result and removes the callback after the answer', async () => {
    installAndroid();
    const result = call('getAppVersion');
    const { callback } = requests[0]!;
    expect(callback).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
    answer(0, JSON.stringify({ code: 0, data: { versionName: '3.0.153', versionCode: 300000153 } }));
    await expect(result).resolves.toEqual({ versionName: '3.0.153', versionCode: 300000153 });
    expect(host[callback]).toBeUndefined();
  });

  it('gives every request its own callback', () => {
    installAndroid();
    for (let i = 0; i < 5; i += 1) void call('finishRendering').catch(() => undefined);
    expect(new Set(requests.map((request) => request.callback)).size).toBe(5);
  });

  it('ignores malformed answers and takes the next valid one', async () => {
    installAndroid();
    const result = call('openScheme', { uri: 'navimow://device/NVM-1' });
    answer(0, 'not json');
    answer(0, { code: 'zero' });
    answer(0, 42);
    answer(0, { code: 0, data: { opened: true } });
    await expect(result).resolves.toEqual({ opened: true });
    expect(bufferedBreadcrumbs().some((crumb) => crumb.message === 'openScheme malformed answer ignored')).toBe(true);
  });

  it('survives hostile answers: prototype pollution and a megabyte of text settle the call as a failure, nothing more', async () => {
    installAndroid();
    const polluting = call('getAppVersion');
    answer(
      0,
      '{"__proto__":{"polluted":true},"code":0,"data":{"__proto__":{"polluted":true},"versionName":"1","versionCode":1}}',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const version = await polluting.catch((error: unknown) => error);
    if (!(version instanceof BridgeError)) expect(Object.getPrototypeOf(version)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const huge = call('getAppVersion');
    answer(1, `{"code":0,"data":"${'x'.repeat(1024 * 1024)}"}`);
    await expect(huge).rejects.toMatchObject({ reason: 'invalid-result' });
  });

  it('ignores a repeated answer through a kept reference', async () => {
    installAndroid();
    const result = call('getAppVersion');
    const fn = host[requests[0]!.callback] as (response: unknown) => void;
    fn({ code: 0, data: { versionName: '1.2.3', versionCode: 1 } });
    expect(() => fn({ code: 0, data: { versionName: '9.9.9', versionCode: 9 } })).not.toThrow();
    await expect(result).resolves.toEqual({ versionName: '1.2.3', versionCode: 1 });
  });

  it('fails with the native code and message on a non-zero code', async () => {
    installAndroid();
    const result = call('setWinterStorageMode', { vehicle_sn: 'NVM-1', enabled: true });
    answer(0, { code: NATIVE_FAILURE.refused, msg: 'battery too low' });
    const error = (await result.catch((caught: unknown) => caught)) as BridgeError;
    expect(error).toMatchObject({ reason: 'native', code: 1001, message: 'setWinterStorageMode: battery too low' });
    expect(error.isNative('refused')).toBe(true);
    expect(error.isNative('notSignedIn')).toBe(false);
  });

  it('fails when the result does not fit the method', async () => {
    installAndroid();
    const result = call('getAppVersion');
    answer(0, { code: 0, data: { versionName: 3 } });
    await expect(result).rejects.toMatchObject({ reason: 'invalid-result' });
  });

  it('times out an unanswered call, then ignores and cleans up a late answer', async () => {
    installAndroid();
    const result = call('getMowerList');
    const { callback } = requests[0]!;
    const settled = expect(result).rejects.toMatchObject({ reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(5_000);
    await settled;
    expect(() => answer(0, { code: 0, data: { mowers: [] } })).not.toThrow();
    expect(host[callback]).toBeUndefined();
  });

  it('fails at once without a native app, and for params that do not fit', async () => {
    await expect(call('getAppVersion')).rejects.toBeInstanceOf(BridgeError);
    await expect(call('getAppVersion')).rejects.toMatchObject({ reason: 'unavailable' });
    installAndroid();
    await expect(call('openExternalURI', { uri: 'javascript:alert(1)' })).rejects.toMatchObject({
      reason: 'invalid-params',
    });
    expect(requests).toHaveLength(0);
  });

  it('tells whether the page runs in a native app', async () => {
    expect(hasNativeApp()).toBe(false);
    expect(isNoNativeApp(await call('getAppVersion').catch((caught: unknown) => caught))).toBe(true);
    installAndroid();
    expect(hasNativeApp()).toBe(true);
    const timedOut = call('getAppVersion');
    const settled = timedOut.catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(isNoNativeApp(await settled)).toBe(false);
  });

  it('counts no app, a refusal and a signed-out user as expected, the rest as defects', () => {
    const error = (reason: ConstructorParameters<typeof BridgeError>[1], code?: number) =>
      new BridgeError('getMowerList', reason, 'x', code);
    expect(error('unavailable').expected).toBe(true);
    expect(error('native', NATIVE_FAILURE.refused).expected).toBe(true);
    expect(error('native', NATIVE_FAILURE.notSignedIn).expected).toBe(true);
    expect(error('native', NATIVE_FAILURE.unknownMethod).expected).toBe(false);
    expect(error('native', NATIVE_FAILURE.internal).expected).toBe(false);
    expect(error('timeout').expected).toBe(false);
    expect(error('invalid-result').expected).toBe(false);
    expect(error('invalid-params').expected).toBe(false);
  });

  it('logs calls as breadcrumbs without their params', async () => {
    installAndroid();
    const result = call('handleEncipherment', { text: 'secret text' });
    answer(0, { code: 0, data: 'abc#NB2' });
    await result;
    expect(JSON.stringify(bufferedBreadcrumbs())).not.toContain('secret text');
    expect(bufferedBreadcrumbs().at(-1)).toMatchObject({ category: 'bridge', message: 'handleEncipherment ok' });
  });

  describe('observed', () => {
    it('shows the request as posted and every answer, the ignored ones too, in order', async () => {
      installAndroid();
      const seen: BridgeExchange[] = [];
      const result = call('getAppVersion', undefined, { observe: (exchange) => seen.push(exchange) });
      const fn = host[requests[0]!.callback] as (response: unknown) => void;
      answer(0, 'not json');
      answer(0, { code: 0, data: { versionName: '3.0.153', versionCode: 300000153 } });
      fn({ code: 0, data: { versionName: '9.9.9', versionCode: 9 } });
      await expect(result).resolves.toEqual({ versionName: '3.0.153', versionCode: 300000153 });
      expect(seen.map((exchange) => (exchange.kind === 'request' ? 'request' : exchange.after))).toEqual([
        'request',
        'pending',
        'pending',
        'settled',
      ]);
      expect(seen[0]).toEqual({ kind: 'request', request: requests[0], posted: JSON.stringify(requests[0]) });
      expect(seen[1]).toMatchObject({ kind: 'answer', body: 'not json' });
      expect(seen[3]).toMatchObject({ kind: 'answer', body: { data: { versionName: '9.9.9' } } });
    });

    it('posts the object itself on iOS', () => {
      const seen: BridgeExchange[] = [];
      window.webkit = { messageHandlers: { NavimowBridge: { postMessage: (request) => requests.push(request) } } };
      void call('ipSearch', undefined, { observe: (exchange) => seen.push(exchange) }).catch(() => undefined);
      expect(seen).toEqual([{ kind: 'request', request: requests[0], posted: requests[0] }]);
    });

    it('sees an answer after the timeout, and an observer that throws changes nothing', async () => {
      installAndroid();
      const seen: BridgeExchange[] = [];
      const result = call('getAppVersion', undefined, {
        observe: (exchange) => {
          seen.push(exchange);
          throw new Error('observer bug');
        },
      });
      const settled = expect(result).rejects.toMatchObject({ reason: 'timeout' });
      await vi.advanceTimersByTimeAsync(3_100);
      await settled;
      answer(0, { code: 0, data: { versionName: '1', versionCode: 1 } });
      expect(seen.at(-1)).toMatchObject({ kind: 'answer', after: 'timeout', ms: expect.any(Number) as number });
      expect((seen.at(-1) as { ms: number }).ms).toBeGreaterThanOrEqual(3_000);
    });
  });
});
