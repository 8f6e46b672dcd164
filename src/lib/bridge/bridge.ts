import * as v from 'valibot';
import { addBreadcrumb } from '../error-reporting/error-reporting.ts';
import { type BridgeMethod, type BridgeParams, type BridgeResult, bridgeMethods } from './methods.ts';
import { type BridgeRequest, NATIVE_FAILURE, type NativeFailure } from './protocol.ts';

const responseSchema = v.object({
  code: v.pipe(v.number(), v.integer()),
  data: v.optional(v.unknown()),
  msg: v.optional(v.string()),
});

export type BridgeFailureReason = 'unavailable' | 'timeout' | 'native' | 'invalid-params' | 'invalid-result';

/** Native failures that are answers a screen shows, not defects of the app or the page. */
const EXPECTED_NATIVE_CODES: ReadonlySet<number> = new Set([NATIVE_FAILURE.notSignedIn, NATIVE_FAILURE.refused]);

export class BridgeError extends Error {
  override readonly name = 'BridgeError';
  readonly method: BridgeMethod;
  readonly reason: BridgeFailureReason;
  /** The native side's non-zero `code`, for `native` failures. */
  readonly code: number | undefined;

  constructor(method: BridgeMethod, reason: BridgeFailureReason, message: string, code?: number) {
    super(`${method}: ${message}`);
    this.method = method;
    this.reason = reason;
    this.code = code;
  }

  /** The native side answered with this failure code. */
  isNative(failure: NativeFailure): boolean {
    return this.reason === 'native' && this.code === NATIVE_FAILURE[failure];
  }

  /**
   * No native app, a refusal or a signed-out user are outcomes a screen explains; a timeout, an unknown code
   * or an answer that does not fit the method are defects worth an error report.
   */
  get expected(): boolean {
    return this.reason === 'unavailable' || (this.reason === 'native' && EXPECTED_NATIVE_CODES.has(this.code!));
  }
}

export type TransportKind = 'ios' | 'android';

type CallbackHost = Record<string, unknown>;

/** The transport the page runs in, looked up on every call so that a late-injected one is still found. */
export function detectTransport(): TransportKind | undefined {
  if (typeof window.webkit?.messageHandlers?.NavimowBridge?.postMessage === 'function') return 'ios';
  if (typeof window.NavimowBridge?.postMessage === 'function') return 'android';
  return undefined;
}

/** Whether the page runs inside a native app (or its simulator): without one, no bridge call can succeed. */
export function hasNativeApp(): boolean {
  return detectTransport() !== undefined;
}

/** Whether a call failed because the page is not in a native app (a plain browser), rather than in the app. */
export function isNoNativeApp(error: unknown): boolean {
  return error instanceof BridgeError && error.reason === 'unavailable';
}

/** True when the answering side is the simulated native app rather than a phone. */
export function isSimulated(): boolean {
  return window.NavimowBridge?.simulated === true;
}

/** Posts the request as its transport takes it: the object on iOS, its JSON text on Android. */
function post(kind: TransportKind, request: BridgeRequest, posted: (value: unknown) => void): void {
  if (kind === 'ios') {
    posted(request);
    window.webkit!.messageHandlers!.NavimowBridge!.postMessage(request);
  } else {
    const text = JSON.stringify(request);
    posted(text);
    window.NavimowBridge!.postMessage(text);
  }
}

let sequence = 0;
function callbackName(method: BridgeMethod): string {
  sequence += 1;
  const nonce = Math.random().toString(36).slice(2, 10);
  return `__navimow_${method}_${sequence}_${nonce}`;
}

function parseResponse(raw: unknown): v.InferOutput<typeof responseSchema> | undefined {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  const parsed = v.safeParse(responseSchema, value);
  return parsed.success ? parsed.output : undefined;
}

/**
 * What crossed the bridge for one call, as it crossed: the request as posted (the object on iOS, its JSON text on
 * Android), then every answer the native side gave its callback, the ignored ones included (malformed, repeated,
 * after the timeout), each with the milliseconds since the request. For the bridge check page
 * (`/bridgeCheck`), which shows the native team the raw exchange beside its verdict.
 */
export type BridgeExchange =
  | { kind: 'request'; request: BridgeRequest; posted: unknown }
  | { kind: 'answer'; body: unknown; ms: number; after: 'pending' | 'settled' | 'timeout' };

export interface CallOptions {
  /** Overrides the method's own timeout (milliseconds). */
  timeoutMs?: number;
  /** Sees the raw request and every raw answer (`BridgeExchange`); what it throws is ignored. */
  observe?: (exchange: BridgeExchange) => void;
}

/**
 * Calls a native method and resolves with its validated result. It rejects with a `BridgeError` when there is
 * no native app, the native side answers with a non-zero code, the answer does not fit the method's result,
 * or no answer comes in time. Malformed, late and repeated answers are logged and ignored; they never throw.
 */
export function call<M extends BridgeMethod>(
  method: M,
  ...[params, options]: Partial<BridgeParams<M>> extends BridgeParams<M>
    ? [params?: BridgeParams<M>, options?: CallOptions]
    : [params: BridgeParams<M>, options?: CallOptions]
): Promise<BridgeResult<M>> {
  const spec = bridgeMethods[method];
  const started = performance.now();
  const observe = (exchange: BridgeExchange) => {
    try {
      options?.observe?.(exchange);
    } catch {
      // An observer never changes the call.
    }
  };
  const answered = (body: unknown, after: 'pending' | 'settled' | 'timeout') =>
    observe({ kind: 'answer', body, ms: Math.round(performance.now() - started), after });
  const crumb = (outcome: string, code?: number) =>
    addBreadcrumb({
      category: 'bridge',
      message: `${method} ${outcome}`,
      level: outcome === 'ok' ? 'info' : 'warning',
      data: { code, ms: Math.round(performance.now() - started) },
    });

  return new Promise<BridgeResult<M>>((resolve, reject) => {
    const fail = (reason: BridgeFailureReason, message: string, code?: number) => {
      crumb(reason, code);
      reject(new BridgeError(method, reason, message, code));
    };

    const checkedParams = v.safeParse(spec.params, params ?? {});
    if (!checkedParams.success) {
      fail('invalid-params', 'params do not fit the method');
      return;
    }
    const kind = detectTransport();
    if (!kind) {
      fail('unavailable', 'no native app');
      return;
    }

    const host = window as unknown as CallbackHost;
    const callback = callbackName(method);
    let settled = false;
    let timedOut = false;

    const timer = window.setTimeout(() => {
      settled = true;
      timedOut = true;
      // Keep a tombstone so that a late answer is logged instead of hitting an undefined function.
      host[callback] = (raw: unknown) => {
        answered(raw, 'timeout');
        addBreadcrumb({ category: 'bridge', message: `${method} late answer ignored`, level: 'warning' });
        Reflect.deleteProperty(host, callback);
      };
      fail('timeout', `no answer within ${options?.timeoutMs ?? spec.timeoutMs} ms`);
    }, options?.timeoutMs ?? spec.timeoutMs);

    host[callback] = (raw: unknown) => {
      answered(raw, settled ? (timedOut ? 'timeout' : 'settled') : 'pending');
      if (settled) {
        addBreadcrumb({ category: 'bridge', message: `${method} repeated answer ignored`, level: 'warning' });
        return;
      }
      const response = parseResponse(raw);
      if (!response) {
        addBreadcrumb({ category: 'bridge', message: `${method} malformed answer ignored`, level: 'warning' });
        return;
      }
      settled = true;
      window.clearTimeout(timer);
      Reflect.deleteProperty(host, callback);
      if (response.code !== 0) {
        fail('native', response.msg || `native code ${response.code}`, response.code);
        return;
      }
      const result = v.safeParse(spec.result, response.data);
      if (!result.success) {
        fail('invalid-result', 'result does not fit the method');
        return;
      }
      crumb('ok');
      resolve(result.output as BridgeResult<M>);
    };

    try {
      const request: BridgeRequest = { method, callback, params: checkedParams.output as Record<string, unknown> };
      post(kind, request, (posted) => observe({ kind: 'request', request, posted }));
    } catch {
      settled = true;
      window.clearTimeout(timer);
      Reflect.deleteProperty(host, callback);
      fail('unavailable', 'the native transport refused the request');
    }
  });
}
