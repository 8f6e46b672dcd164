import type { BridgeMethod } from './methods.ts';

// What crosses the bridge besides each method's params and result (methods.ts): the request, the failure codes
// the page tells apart and the two transports. Free of the page's runtime, so the fakes of the native app use it too.

/** Contract section 3: what the page posts and what the native side answers. */
export interface BridgeRequest {
  method: BridgeMethod;
  callback: string;
  params: Record<string, unknown>;
}

/**
 * The `code`s of a native failure that the page and the simulator tell apart (docs/bridge.md); any other
 * non-zero code is a failure without a particular meaning.
 */
export const NATIVE_FAILURE = {
  badParams: 400,
  notSignedIn: 401,
  unknownMethod: 404,
  /** The app could not do it for a reason of its own (a failed request, a crash caught). */
  internal: 500,
  /** The app or the mower said no, for example to hibernation below the battery minimum. */
  refused: 1001,
} as const;

export type NativeFailure = keyof typeof NATIVE_FAILURE;

interface IosHandler {
  postMessage(request: BridgeRequest): void;
}
interface AndroidHandler {
  postMessage(request: string): void;
  /** Set by the simulated native app only. */
  simulated?: boolean;
}
declare global {
  interface Window {
    webkit?: { messageHandlers?: { NavimowBridge?: IosHandler } };
    NavimowBridge?: AndroidHandler;
  }
}
