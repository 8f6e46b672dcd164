import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { build, type Rolldown } from 'vite';
import type { BridgeMethod } from '../src/lib/bridge/methods.ts';
import type { Answer, NativeAnswer, RawReplies } from '../src/lib/bridge/native-fake.ts';

/**
 * A journey's native app: the one fake of the native app (src/lib/bridge/native-fake.ts), answering each method
 * with the journey's answer. What crosses into the page is data, so the answers are fixed per method.
 */
export interface FakeNativeSetup {
  platform: 'android' | 'ios';
  answers: { [M in BridgeMethod]?: Answer<M> | RawReplies };
  /** The answer to the other methods; by default the apps' 404 for an unknown method. */
  otherwise?: NativeAnswer;
  latencyMs?: number;
}

/** What the fake saw, in `window.__nativeFake`: each request as posted, and the page's callback after its answer. */
export interface NativeFakeRecord {
  requests: unknown[];
  callbackAfterAnswer: Record<string, string>;
}

let script: Promise<string> | undefined;

/** The fake bundled for the browser, once per worker. */
function fakeScript(): Promise<string> {
  script ??= build({
    configFile: false,
    publicDir: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: fileURLToPath(new URL('./native-fake-browser.ts', import.meta.url)),
        formats: ['iife'],
        name: 'navimowNativeFake',
      },
    },
  }).then((result) => ((Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput).output[0].code);
  return script;
}

/** Installs the fake native app before any page script runs. */
export async function installFakeNative(page: Page, setup: FakeNativeSetup) {
  await page.addInitScript({ content: `${await fakeScript()}\nnavimowNativeFake.install(${JSON.stringify(setup)});` });
}

/** What the fake recorded so far. */
export function nativeFakeRecord(page: Page): Promise<NativeFakeRecord> {
  return page.evaluate(() => (window as unknown as { __nativeFake: NativeFakeRecord }).__nativeFake);
}
