import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  BridgeError,
  type BridgeExchange,
  call,
  type CallOptions,
  detectTransport,
  isSimulated,
} from '../../lib/bridge/bridge.ts';
import { BRIDGE_METHODS, type BridgeMethod } from '../../lib/bridge/methods.ts';
import { decodeBase64Utf8, splitVersionSuffix } from '../../lib/bridge/native-app.ts';
import { AUTO_METHODS, CHECK_PLAN, type CheckContext, ROUND_TRIP_TEXT } from './check-plan.ts';
import { type MethodRecord, redact } from './check-result.ts';

export type Records = Readonly<Record<BridgeMethod, MethodRecord>>;

export interface Transport {
  /** What the page posts to, as the product finds it (bridge.ts `detectTransport`). */
  kind: 'ios' | 'android' | 'none';
  simulated: boolean;
  /** Both transports are there: the page uses iOS's. */
  both: boolean;
}

export interface RoundTrip {
  /** The version suffix of handleEncipherment's answer, if it carried one. */
  version: string | undefined;
  /** handleDecrypt's answer decoded (base64 of UTF-8), or why it could not be. */
  decrypted: { text: string } | { error: string } | undefined;
}

export interface CheckSnapshot {
  transport: Transport;
  records: Records;
  appVersion: { versionName: string; versionCode: number } | undefined;
  roundTrip: RoundTrip | undefined;
  context: CheckContext;
  /** The automatic checks are all answered (or given up). */
  autoDone: boolean;
}

export interface BridgeCheck extends CheckSnapshot {
  runAgain: () => void;
  runTapped: (method: BridgeMethod) => void;
}

/** Tapped results kept over a restart of the app (changeMowerOpenScheme reloads the page). */
const TAPPED_KEY = 'navimow.bridgeCheck.tapped';

const fresh = (method: BridgeMethod): MethodRecord => ({ method, answers: [] });
const freshRecords = (): Records =>
  Object.fromEntries(BRIDGE_METHODS.map((method) => [method, fresh(method)])) as Records;
const planOf = (method: BridgeMethod) => CHECK_PLAN.find((entry) => entry.method === method)!;

function loadTapped(): MethodRecord[] {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(TAPPED_KEY) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (record): record is MethodRecord =>
        typeof record === 'object' &&
        record !== null &&
        BRIDGE_METHODS.includes(record.method) &&
        planOf(record.method).run === 'tap' &&
        Array.isArray(record.answers),
    );
  } catch {
    return [];
  }
}

function saveTapped(records: Records): void {
  const tapped = Object.values(records).filter(
    (record) => planOf(record.method).run === 'tap' && record.posted !== undefined,
  );
  try {
    window.sessionStorage.setItem(
      TAPPED_KEY,
      JSON.stringify(
        tapped.map((record) => ({
          ...record,
          posted: redact(record.posted),
          answers: record.answers.map((answer) => ({ ...answer, body: redact(answer.body) })),
        })),
      ),
    );
  } catch {
    // Storage off in this WebView: a restart loses the tapped results.
  }
}

/** The product's call, for a method chosen at run time: its params come from the plan, typed per method there. */
const callAny = call as (method: BridgeMethod, params: unknown, options: CallOptions) => Promise<unknown>;

/** handleDecrypt answers base64 of the UTF-8 bytes; the product decodes it with the same function. */
function decoded(base64: string): { text: string } | { error: string } {
  try {
    return { text: decodeBase64Utf8(base64) };
  } catch {
    return { error: 'not base64 of UTF-8 text' };
  }
}

/** What the page posts to, as it opens: the native app puts its transport in place before any page script runs. */
function transportNow(): Transport {
  return {
    kind: detectTransport() ?? 'none',
    simulated: isSimulated(),
    both:
      typeof window.webkit?.messageHandlers?.NavimowBridge?.postMessage === 'function' &&
      typeof window.NavimowBridge?.postMessage === 'function',
  };
}

const initialSnapshot = (transport: Transport): CheckSnapshot => ({
  transport,
  records: freshRecords(),
  appVersion: undefined,
  roundTrip: undefined,
  context: { vehicleSn: undefined, cipherText: undefined },
  autoDone: false,
});

/**
 * The bridge check outside React: every automatic method at once (`runAuto`, as the page opens and again on
 * request), each tapped one on its tap (`runTapped`), through the product's own `call()` with its schemas and
 * timeouts, recording the raw exchange. A call of an earlier run that answers late changes nothing.
 */
export function createBridgeCheck() {
  // The transport from the first render on: the card does not grow under the reader when the checks start.
  let snapshot = initialSnapshot(transportNow());
  const listeners = new Set<() => void>();
  const generations = new Map<BridgeMethod, number>();
  let run = 0;

  const set = (change: Partial<CheckSnapshot>) => {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  };
  const setRecord = (method: BridgeMethod, record: MethodRecord) =>
    set({ records: { ...snapshot.records, [method]: record } });
  const update = (method: BridgeMethod, generation: number, change: (record: MethodRecord) => MethodRecord) => {
    if (generations.get(method) === generation) setRecord(method, change(snapshot.records[method]));
  };
  const nextGeneration = (method: BridgeMethod) => {
    const generation = (generations.get(method) ?? 0) + 1;
    generations.set(method, generation);
    return generation;
  };

  /** One call, its request, answers and outcome recorded; resolves with the validated result, or undefined. */
  async function runOne(method: BridgeMethod, params: unknown): Promise<unknown> {
    const generation = nextGeneration(method);
    setRecord(method, fresh(method));
    const observe = (exchange: BridgeExchange) =>
      update(method, generation, (record) =>
        exchange.kind === 'request'
          ? { ...record, posted: exchange.posted }
          : {
              ...record,
              answers: [...record.answers, { body: exchange.body, ms: exchange.ms, after: exchange.after }],
            },
      );
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const data = await callAny(method, params, { observe });
      update(method, generation, (record) => ({ ...record, outcome: { ok: true, ms: ms() } }));
      return data;
    } catch (error) {
      const failure =
        error instanceof BridgeError
          ? { reason: error.reason, code: error.code, message: error.message.replace(`${method}: `, '') }
          : { reason: 'unavailable' as const, code: undefined, message: String(error) };
      update(method, generation, (record) => ({ ...record, outcome: { ok: false, ms: ms(), ...failure } }));
      return undefined;
    }
  }

  function skip(method: BridgeMethod, missing: string) {
    nextGeneration(method);
    setRecord(method, { ...fresh(method), missing });
  }

  /** Tapped results of before a restart of the app, once, as the page opens. */
  function restoreTapped() {
    const tapped = loadTapped();
    if (!tapped.length) return;
    set({
      records: {
        ...snapshot.records,
        ...Object.fromEntries(
          tapped.map((record) => [record.method, { ...record, interrupted: record.outcome === undefined }]),
        ),
      },
    });
  }

  async function runAuto(): Promise<void> {
    run += 1;
    const thisRun = run;
    const current = () => run === thisRun;
    const transport = transportNow();
    set({
      transport,
      autoDone: false,
      appVersion: undefined,
      roundTrip: undefined,
    });
    if (transport.kind === 'none') {
      for (const method of AUTO_METHODS) skip(method, 'Not sent: no native transport on this page.');
      set({ autoDone: true });
      return;
    }
    const params = (method: BridgeMethod) => planOf(method).params({ vehicleSn: undefined, cipherText: undefined });
    const simple = (
      ['finishRendering', 'ipSearch', 'showAppNavigationBar', 'getDevicePermissions', 'appIsInstall'] as const
    ).map((method) => runOne(method, params(method)));
    const version = runOne('getAppVersion', {}).then((answer) => {
      if (current() && answer) set({ appVersion: answer as CheckSnapshot['appVersion'] });
    });
    const mower = Promise.all([runOne('getCommonAppData', {}), runOne('getMowerList', {})]).then(([common, list]) => {
      const vehicleSn =
        (common as { vehicle_sn?: string } | undefined)?.vehicle_sn ||
        (list as { mowers?: { vehicle_sn: string }[] } | undefined)?.mowers?.[0]?.vehicle_sn;
      if (current()) set({ context: { ...snapshot.context, vehicleSn: vehicleSn || undefined } });
    });
    const encryption = runOne('handleEncipherment', { text: ROUND_TRIP_TEXT }).then(async (answer) => {
      if (typeof answer !== 'string') {
        if (!current()) return;
        skip('handleDecrypt', 'Not sent: needs the ciphertext of handleEncipherment, which did not pass.');
        set({ roundTrip: { version: undefined, decrypted: undefined } });
        return;
      }
      const { cipherText, version: suffix } = splitVersionSuffix(answer);
      if (!current()) return;
      set({ context: { ...snapshot.context, cipherText } });
      const decrypted = await runOne('handleDecrypt', { text: cipherText });
      if (current())
        set({
          roundTrip: { version: suffix, decrypted: typeof decrypted === 'string' ? decoded(decrypted) : undefined },
        });
    });
    await Promise.all([...simple, version, mower, encryption]);
    if (current()) set({ autoDone: true });
  }

  function runTapped(method: BridgeMethod) {
    const params: object = planOf(method).params(snapshot.context);
    if ('missing' in params && typeof params.missing === 'string') skip(method, params.missing);
    else void runOne(method, params).then(() => saveTapped(snapshot.records));
    saveTapped(snapshot.records);
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** As the page opens: the tapped results of before a restart, then the automatic checks. */
    start() {
      restoreTapped();
      void runAuto();
    },
    runAgain: () => void runAuto(),
    runTapped,
  };
}

export type BridgeCheckRun = ReturnType<typeof createBridgeCheck>;

/**
 * The check for a screen. In the browser only: the screen loads it after its first view (bridge-check-screen.tsx), so
 * it reads the page's transport as it renders. It starts once mounted.
 */
export function useBridgeCheck(): BridgeCheck {
  const [checker] = useState(createBridgeCheck);
  const snapshot = useSyncExternalStore(checker.subscribe, checker.getSnapshot);
  useEffect(() => checker.start(), [checker]);
  return { ...snapshot, runAgain: checker.runAgain, runTapped: checker.runTapped };
}
