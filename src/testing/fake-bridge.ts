import type { BridgeMethod } from '../lib/bridge/methods.ts';
import { type Answer, installNativeFake, type NativeHandler, type NativeHandlers } from '../lib/bridge/native-fake.ts';

/** A test's answer for one method (`FakeAnswer<'getMowerList'>`), or any method's failure. */
export type FakeAnswer<M extends BridgeMethod = BridgeMethod> = Answer<M>;
export type FakeHandler<M extends BridgeMethod = BridgeMethod> = NativeHandler<M>;
/** A test's handlers: the methods it is about. */
export type FakeHandlers = Partial<NativeHandlers>;

/**
 * Installs the one fake of the native app (src/lib/bridge/native-fake.ts) as `window.NavimowBridge`, answering
 * with this test's handlers: component tests talk to it over the real protocol. Methods without a handler answer
 * code 404, like the apps do for unknown methods; a handler that returns `noAnswer` never answers.
 */
export function installFakeBridge(handlers: FakeHandlers) {
  return installNativeFake(handlers);
}
