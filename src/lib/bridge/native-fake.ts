import type { BridgeMethod, BridgeParams, BridgeResult } from './methods.ts';
import { type BridgeRequest, NATIVE_FAILURE } from './protocol.ts';

/**
 * The one fake of the native app: its answers to the bridge's methods as a handler map, on the same transports
 * and protocol as the real apps (docs/bridge.md). The simulator gives it every method (its panel is the fake's
 * UI); unit tests (`src/testing/fake-bridge.ts`) and browser journeys (`e2e/native-fake.ts`) give it the
 * methods they need, each test overriding what it is about. Only the simulator's chunk and tests import it.
 */

/** What the native side posts back to the page's callback. */
export interface NativeAnswer {
  code: number;
  data?: unknown;
  msg?: string;
}

/** A success whose data fits the method's result (acknowledging methods take any data or none), or a failure. */
export type Answer<M extends BridgeMethod> =
  | (unknown extends BridgeResult<M>
      ? { code: 0; data?: unknown; msg?: string }
      : { code: 0; data: BridgeResult<M>; msg?: string })
  | { code: number; msg?: string; data?: undefined };

/**
 * What the app literally passes to the callback, in order, each so many milliseconds after the request: for
 * answers no app should give (malformed, repeated, late, not fitting the method) and for none at all. They go to
 * the callback as it was when the request came, so a repeated answer reaches the page's function after it was
 * removed.
 */
export interface RawReplies {
  replies: readonly { body: unknown; afterMs?: number }[];
}

export type NativeHandler<M extends BridgeMethod> = (
  params: BridgeParams<M>,
  request: BridgeRequest,
) => Answer<M> | RawReplies | Promise<Answer<M> | RawReplies>;

/** A handler for every method: `satisfies NativeHandlers` makes the compiler check that none is missing. */
export type NativeHandlers = { [M in BridgeMethod]: NativeHandler<M> };

export function ok(): { code: 0 };
export function ok<T>(data: T): { code: 0; data: T };
export function ok(...data: unknown[]) {
  return data.length ? { code: 0, data: data[0] } : { code: 0 };
}
export const failure = (code: number, msg: string) => ({ code, msg });
/** The app never answers (the page's call times out). */
export const noAnswer: RawReplies = { replies: [] };

/** What the apps answer to a method they do not know. */
const unknownMethod = (_params: unknown, request: BridgeRequest) =>
  failure(NATIVE_FAILURE.unknownMethod, `unknown method ${String(request.method)}`);

export interface NativeFakeOptions {
  /** The answer to methods without a handler; by default the apps' 404 for an unknown method. */
  otherwise?: (
    params: Record<string, unknown>,
    request: BridgeRequest,
  ) => NativeAnswer | RawReplies | Promise<NativeAnswer | RawReplies>;
  /** Milliseconds between the handler's answer and the callback (0: the next task). */
  latencyMs?: number;
  /** Answers as a JSON string, as the Android app does, or as an object. */
  encoding?: 'json' | 'object';
  /** Sees every request as posted; what it returns sees the answer just before it goes back. */
  onRequest?(request: BridgeRequest, raw: unknown): ((answer: NativeAnswer | RawReplies) => void) | undefined;
  /** A request that is not JSON. */
  onUnreadable?(raw: unknown): void;
}

/** Without latency the answer goes back at once, so that tests with fake timers need not advance them. */
const later = (run: () => void, ms: number) => (ms > 0 ? setTimeout(run, ms) : run());
const isRaw = (answer: NativeAnswer | RawReplies): answer is RawReplies => 'replies' in answer;
const callbackHost = () => window as unknown as Record<string, unknown>;

/** Answers the page's requests with `handlers`; `receive` is what the transport's `postMessage` gets. */
export function createNativeFake(handlers: Partial<NativeHandlers>, options: NativeFakeOptions = {}) {
  const { otherwise = unknownMethod, latencyMs = 0, encoding = 'object' } = options;
  const requests: BridgeRequest[] = [];

  async function answer(request: BridgeRequest): Promise<NativeAnswer | RawReplies> {
    // One cast, here: the page validated the params against the method's schema before posting them.
    const handler = (handlers[request.method] ?? otherwise) as (
      params: unknown,
      request: BridgeRequest,
    ) => ReturnType<NativeHandler<BridgeMethod>>;
    try {
      return await handler(request.params ?? {}, request);
    } catch (error) {
      // Something on the app's side broke (its own request to a server, say): not a refusal.
      return failure(NATIVE_FAILURE.internal, error instanceof Error ? error.message : String(error));
    }
  }

  function receive(raw: unknown): void {
    let request: BridgeRequest;
    try {
      request = (typeof raw === 'string' ? JSON.parse(raw) : raw) as BridgeRequest;
    } catch {
      options.onUnreadable?.(raw);
      return;
    }
    requests.push(request);
    const answered = options.onRequest?.(request, raw);
    const callbackNow = callbackHost()[request.callback];
    void answer(request).then((reply) => {
      if (isRaw(reply)) {
        answered?.(reply);
        for (const { body, afterMs = 0 } of reply.replies) {
          later(() => typeof callbackNow === 'function' && callbackNow(body), afterMs);
        }
        return;
      }
      later(() => {
        answered?.(reply);
        const callback = callbackHost()[request.callback];
        if (typeof callback === 'function') callback(encoding === 'json' ? JSON.stringify(reply) : reply);
      }, latencyMs);
    });
  }

  return {
    receive,
    /** Every request received, in order. */
    requests,
    /** The params of every request for one method, in order. */
    callsOf: <M extends BridgeMethod>(method: M) =>
      requests.filter((request) => request.method === method).map((request) => request.params as BridgeParams<M>),
  };
}

export type NativeFake = ReturnType<typeof createNativeFake>;

/** Installs the fake as the native app on the Android (`window.NavimowBridge`) or the iOS transport. */
export function installNativeFake(
  handlers: Partial<NativeHandlers>,
  {
    platform = 'android',
    simulated,
    ...options
  }: NativeFakeOptions & { platform?: 'android' | 'ios'; simulated?: boolean } = {},
) {
  const fake = createNativeFake(handlers, options);
  if (platform === 'ios') window.webkit = { messageHandlers: { NavimowBridge: { postMessage: fake.receive } } };
  else window.NavimowBridge = { postMessage: fake.receive, ...(simulated && { simulated }) };
  return {
    ...fake,
    uninstall: () => {
      if (platform === 'ios') delete window.webkit;
      else delete window.NavimowBridge;
    },
  };
}
