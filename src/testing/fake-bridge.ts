import type { BridgeRequest } from '../lib/bridge/protocol.ts';
import type { BridgeMethod } from '../lib/bridge/methods.ts';

export interface FakeAnswer {
  code: number;
  data?: unknown;
  msg?: string;
}

/** What the fake app does with one request: answer it (now or later), or never (to test timeouts). */
export type FakeHandler = (params: Record<string, unknown>) => FakeAnswer | Promise<FakeAnswer> | 'no-answer';

/**
 * Installs a fake Android app as `window.NavimowBridge`: component tests talk to it over the real protocol.
 * Methods without a handler answer code 404, like the apps do for unknown methods.
 */
export function installFakeBridge(handlers: Partial<Record<BridgeMethod, FakeHandler>>) {
  const requests: BridgeRequest[] = [];
  window.NavimowBridge = {
    postMessage(message: string) {
      const request = JSON.parse(message) as BridgeRequest;
      requests.push(request);
      const handler = handlers[request.method];
      void Promise.resolve(handler ? handler(request.params) : { code: 404, msg: 'unknown method' }).then((answer) => {
        if (answer === 'no-answer') return;
        const callback = (window as unknown as Record<string, unknown>)[request.callback];
        if (typeof callback === 'function') callback(answer);
      });
    },
  };
  return {
    requests,
    /** The params of every request for one method, in order. */
    callsOf: (method: BridgeMethod) => requests.filter((request) => request.method === method).map((request) => request.params),
    uninstall: () => {
      delete window.NavimowBridge;
    },
  };
}
