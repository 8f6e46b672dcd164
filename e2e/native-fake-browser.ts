/**
 * The browser side of e2e/native-fake.ts, bundled into an init script: installs the one fake of the native app
 * (src/lib/bridge/native-fake.ts) with a journey's answers, before any page script runs.
 */
import {
  installNativeFake,
  type NativeAnswer,
  type NativeHandlers,
  type RawReplies,
} from '../src/lib/bridge/native-fake.ts';
import type { FakeNativeSetup, NativeFakeRecord } from './native-fake.ts';

export function install({ platform, answers, otherwise, latencyMs }: FakeNativeSetup): void {
  const record: NativeFakeRecord = { requests: [], callbackAfterAnswer: {} };
  (window as unknown as { __nativeFake: NativeFakeRecord }).__nativeFake = record;
  const handlers: Partial<NativeHandlers> = Object.fromEntries(
    Object.entries(answers).map(([method, answer]) => [method, () => answer]),
  );
  installNativeFake(handlers, {
    platform,
    latencyMs,
    ...(otherwise && { otherwise: () => otherwise }),
    onRequest: (request, raw) => {
      record.requests.push(raw);
      return (answer: NativeAnswer | RawReplies) => {
        // Whether the page removed its callback once the (last) answer was in.
        const last = 'replies' in answer ? Math.max(0, ...answer.replies.map((reply) => reply.afterMs ?? 0)) : 0;
        setTimeout(() => {
          record.callbackAfterAnswer[request.callback] = typeof (window as unknown as Record<string, unknown>)[
            request.callback
          ];
        }, last + 50);
      };
    },
  });
}
