import * as v from 'valibot';
import type { BridgeExchange, BridgeFailureReason } from '../../lib/bridge/bridge.ts';
import { type BridgeMethod, bridgeMethods } from '../../lib/bridge/methods.ts';
import { NATIVE_FAILURE } from '../../lib/bridge/protocol.ts';

/** One answer as the page's callback received it. */
export type RawAnswer = Omit<Extract<BridgeExchange, { kind: 'answer' }>, 'kind'>;

/** Everything the check saw of one method's call. */
export interface MethodRecord {
  method: BridgeMethod;
  /** The documented params could not be made (no mower, no ciphertext): not called. */
  missing?: string;
  /** The request as posted; undefined until the call is made. */
  posted?: unknown;
  answers: RawAnswer[];
  /** How the product's `call()` settled; undefined while it waits. */
  outcome?:
    { ok: true; ms: number } | { ok: false; ms: number; reason: BridgeFailureReason; code?: number; message: string };
  /** The page loaded again (the app restarted) while this call waited. */
  interrupted?: boolean;
}

export type Verdict = 'pass' | 'refused' | 'fail' | 'no-answer' | 'waiting' | 'not-run';

export interface Classification {
  verdict: Verdict;
  /** One line naming the outcome, or the defect. */
  summary: string;
  details: string[];
}

export const VERDICT_LABELS: Record<Verdict, string> = {
  pass: 'Pass',
  refused: 'Refused',
  fail: 'Fail',
  'no-answer': 'No answer in time',
  waiting: 'Waiting',
  'not-run': 'Not run',
};

/** A response the product accepts: `{ code, data?, msg? }`, as an object or its JSON text (bridge.ts). */
function asResponse(body: unknown): { code: number; data?: unknown } | undefined {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return undefined;
    }
  }
  if (value === null || typeof value !== 'object' || !Number.isInteger((value as { code?: unknown }).code))
    return undefined;
  const { msg } = value as { msg?: unknown };
  return msg === undefined || typeof msg === 'string' ? (value as { code: number; data?: unknown }) : undefined;
}

/** Where and why `data` does not fit the method's result, by the product's own schema (methods.ts). */
export function resultIssues(method: BridgeMethod, data: unknown): string[] {
  const parsed = v.safeParse(bridgeMethods[method].result, data);
  if (parsed.success) return [];
  return parsed.issues.map((issue) => `${v.getDotPath(issue) ?? 'data'}: ${issue.message}`);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The verdict on one method from what was seen: pass (a success whose data fits the method), refused (a
 * documented refusal: 401 or 1001, which the product explains to the user), fail (anything else the native side
 * got wrong: an unknown method, another failure code, data that does not fit, a second answer), no answer in time,
 * or not run yet.
 */
export function classify(record: MethodRecord, run: 'auto' | 'tap' = 'auto'): Classification {
  const timeoutMs = bridgeMethods[record.method].timeoutMs;
  const ignored = record.answers.filter((answer) => answer.after === 'pending' && !asResponse(answer.body));
  const repeated = record.answers.filter((answer) => answer.after === 'settled');
  const late = record.answers.filter((answer) => answer.after === 'timeout');
  const details = [
    ...(ignored.length
      ? [`${plural(ignored.length, 'answer was', 'answers were')} not a response ({ code, data?, msg? }) and ignored.`]
      : []),
    ...(repeated.length ? [`Answered ${repeated.length + 1} times: answer exactly once.`] : []),
    ...late.map((answer) => `An answer came after ${answer.ms} ms, when the page had given up at ${timeoutMs} ms.`),
  ];

  const { outcome } = record;
  if (record.missing && !record.posted) return { verdict: 'not-run', summary: record.missing, details };
  if (!outcome) {
    if (record.interrupted) {
      return {
        verdict: 'no-answer',
        summary: 'The page loaded again (the app restarted) before an answer came.',
        details,
      };
    }
    if (record.posted === undefined) {
      return { verdict: 'not-run', summary: run === 'tap' ? 'Not run: tap to run it.' : 'Not run yet.', details };
    }
    return { verdict: 'waiting', summary: `Waiting for the answer (up to ${timeoutMs / 1000} s).`, details };
  }
  if (outcome.ok) {
    if (repeated.length) return { verdict: 'fail', summary: 'Answered more than once.', details };
    return { verdict: 'pass', summary: `Answered in ${outcome.ms} ms; the answer fits the method.`, details };
  }
  switch (outcome.reason) {
    case 'timeout':
      return { verdict: 'no-answer', summary: `No answer within ${timeoutMs / 1000} s.`, details };
    case 'invalid-result': {
      const settling = record.answers.find((answer) => answer.after === 'pending' && asResponse(answer.body));
      const issues = resultIssues(record.method, settling && asResponse(settling.body)?.data);
      return {
        verdict: 'fail',
        summary: "Wrong shape: the answer's data does not fit the method.",
        details: [...issues, ...details],
      };
    }
    case 'native':
      if (outcome.code === NATIVE_FAILURE.unknownMethod) {
        return { verdict: 'fail', summary: 'Missing method: the app answered 404 (unknown method).', details };
      }
      if (outcome.code === NATIVE_FAILURE.notSignedIn) {
        return {
          verdict: 'refused',
          summary: 'Refused with 401: no signed-in user. Sign in to the app and check again.',
          details,
        };
      }
      if (outcome.code === NATIVE_FAILURE.refused) {
        return { verdict: 'refused', summary: `Refused with 1001: ${outcome.message}`, details };
      }
      return { verdict: 'fail', summary: `Failed with code ${outcome.code}: ${outcome.message}`, details };
    case 'unavailable':
      return { verdict: 'fail', summary: `Not sent: ${outcome.message}.`, details };
    case 'invalid-params':
      return {
        verdict: 'fail',
        summary: 'Not sent: the page could not make the documented params (a defect of this page).',
        details,
      };
  }
}

/** Keys whose values never go into a screenshot or a bug report. */
const SECRET_KEYS = new Set(['access_token', 'email']);

function redactTree(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactTree);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SECRET_KEYS.has(key) && typeof inner === 'string' ? `<redacted: ${inner.length} characters>` : redactTree(inner),
    ]),
  );
}

/** A raw request or answer with the user's token and e-mail left out (an answer may be JSON text). */
export function redact(value: unknown): unknown {
  if (typeof value !== 'string') return redactTree(value);
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed === null || typeof parsed !== 'object') return value;
    const redacted = JSON.stringify(redactTree(parsed));
    return redacted === JSON.stringify(parsed) ? value : redacted;
  } catch {
    return value;
  }
}

/** Raw answers can be anything the app sends: shown and reported up to this many characters. */
const MAX_RAW_CHARS = 4_000;

/** A raw value as readable text, redacted and cut to a bounded length. */
export function rawText(value: unknown): string {
  const redacted = redact(value);
  let text: string;
  if (redacted === undefined) text = 'undefined';
  else if (typeof redacted === 'string') text = JSON.stringify(redacted);
  else {
    try {
      text = JSON.stringify(redacted, null, 2) ?? String(redacted);
    } catch {
      text = String(redacted);
    }
  }
  return text.length > MAX_RAW_CHARS
    ? `${text.slice(0, MAX_RAW_CHARS)}… (${text.length - MAX_RAW_CHARS} more characters)`
    : text;
}
