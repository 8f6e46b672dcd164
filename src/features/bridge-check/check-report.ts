import { ENHANCED_NATIVE_MIN_VERSION_CODE } from '../../lib/bridge/native-app.ts';
import { bridgeMethods } from '../../lib/bridge/methods.ts';
import { CHECK_PLAN, ROUND_TRIP_TEXT } from './check-plan.ts';
import { classify, type Classification, type MethodRecord, rawText, redact, type Verdict } from './check-result.ts';
import type { BridgeCheck, RoundTrip } from './use-bridge-check.ts';

export type CheckState = Pick<BridgeCheck, 'transport' | 'records' | 'appVersion' | 'roundTrip'>;

export interface MethodRow {
  record: MethodRecord;
  run: 'auto' | 'tap';
  effect: string | undefined;
  classification: Classification;
}

export function methodRows(records: CheckState['records']): MethodRow[] {
  return CHECK_PLAN.map((entry) => ({
    record: records[entry.method],
    run: entry.run,
    effect: entry.effect,
    classification: classify(records[entry.method], entry.run),
  }));
}

export function countVerdicts(rows: readonly MethodRow[]): Record<Verdict, number> {
  const counts: Record<Verdict, number> = { pass: 0, refused: 0, fail: 0, 'no-answer': 0, waiting: 0, 'not-run': 0 };
  for (const row of rows) counts[row.classification.verdict] += 1;
  return counts;
}

export function passesEnhancedGate(versionCode: number): boolean {
  return versionCode >= ENHANCED_NATIVE_MIN_VERSION_CODE;
}

/** The encipher/decrypt round trip: the text came back unchanged, and whether the ciphertext carried a version. */
export function roundTripVerdict(roundTrip: RoundTrip | undefined): { verdict: Verdict; summary: string } {
  if (!roundTrip) return { verdict: 'waiting', summary: 'Waiting for handleEncipherment and handleDecrypt.' };
  if (!roundTrip.decrypted)
    return { verdict: 'fail', summary: 'No round trip: handleEncipherment or handleDecrypt did not pass.' };
  if ('error' in roundTrip.decrypted)
    return { verdict: 'fail', summary: `handleDecrypt's answer is ${roundTrip.decrypted.error}.` };
  if (roundTrip.decrypted.text !== ROUND_TRIP_TEXT) {
    return {
      verdict: 'fail',
      summary: `The text came back different: ${JSON.stringify(roundTrip.decrypted.text.slice(0, 200))}.`,
    };
  }
  return { verdict: 'pass', summary: 'The text came back unchanged.' };
}

/** A raw value for the report: redacted, and as cut text when it is too long to paste into a bug report. */
function reported(value: unknown): unknown {
  const redacted = redact(value);
  const text = JSON.stringify(redacted) ?? 'null';
  return text.length > 4_000 ? rawText(value) : (redacted ?? null);
}

/** The whole result as one JSON text, for a bug report: no token, no e-mail. */
export function reportJson(
  state: CheckState,
  { at = new Date(), userAgent = navigator.userAgent, page = window.location.pathname } = {},
): string {
  const rows = methodRows(state.records);
  const roundTrip = roundTripVerdict(state.roundTrip);
  return JSON.stringify(
    {
      check: 'navimow-bridge-check',
      at: at.toISOString(),
      page,
      userAgent,
      transport: state.transport,
      appVersion: state.appVersion
        ? {
            ...state.appVersion,
            enhancedGate: ENHANCED_NATIVE_MIN_VERSION_CODE,
            passesEnhancedGate: passesEnhancedGate(state.appVersion.versionCode),
          }
        : null,
      encryption: { ...roundTrip, versionSuffix: state.roundTrip?.version ?? null },
      counts: countVerdicts(rows),
      methods: rows.map(({ record, run, classification }) => ({
        method: record.method,
        run,
        timeoutMs: bridgeMethods[record.method].timeoutMs,
        verdict: classification.verdict,
        summary: classification.summary,
        details: classification.details,
        request: reported(record.posted),
        answers: record.answers.map((answer) => ({ ms: answer.ms, after: answer.after, body: reported(answer.body) })),
      })),
    },
    null,
    2,
  );
}
