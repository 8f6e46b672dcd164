import { describe, expect, it } from 'vitest';
import { classify, type MethodRecord, rawText, redact } from './check-result.ts';

const record = (change: Partial<MethodRecord>): MethodRecord => ({ method: 'getAppVersion', answers: [], ...change });
const VERSION = { versionName: '3.0.153', versionCode: 300000153 };
const posted = '{"method":"getAppVersion"}';

describe('classify', () => {
  it('passes a success whose data fits the method', () => {
    const result = classify(
      record({
        posted,
        answers: [{ body: { code: 0, data: VERSION }, ms: 12, after: 'pending' }],
        outcome: { ok: true, ms: 12 },
      }),
    );
    expect(result).toEqual({ verdict: 'pass', summary: 'Answered in 12 ms; the answer fits the method.', details: [] });
  });

  it('names a missing method: the apps’ 404', () => {
    const result = classify(
      record({
        posted,
        outcome: { ok: false, ms: 5, reason: 'native', code: 404, message: 'unknown method getAppVersion' },
      }),
    );
    expect(result.verdict).toBe('fail');
    expect(result.summary).toBe('Missing method: the app answered 404 (unknown method).');
  });

  it('names a wrong shape, with where the data does not fit by the product’s schema', () => {
    const body = JSON.stringify({ code: 0, data: { versionName: 3, versionCode: 300000153 } });
    const result = classify(
      record({
        posted,
        answers: [{ body, ms: 8, after: 'pending' }],
        outcome: { ok: false, ms: 8, reason: 'invalid-result', message: 'x' },
      }),
    );
    expect(result.verdict).toBe('fail');
    expect(result.summary).toBe("Wrong shape: the answer's data does not fit the method.");
    expect(result.details).toEqual([
      expect.stringMatching(/^versionName: Invalid type: Expected string but received 3/),
    ]);
  });

  it('names no answer in time, the answers it ignored and the one that came late', () => {
    const result = classify(
      record({
        posted,
        answers: [
          { body: 'not json', ms: 5, after: 'pending' },
          { body: { code: 0, data: VERSION }, ms: 3_450, after: 'timeout' },
        ],
        outcome: { ok: false, ms: 3_000, reason: 'timeout', message: 'no answer within 3000 ms' },
      }),
    );
    expect(result).toEqual({
      verdict: 'no-answer',
      summary: 'No answer within 3 s.',
      details: [
        '1 answer was not a response ({ code, data?, msg? }) and ignored.',
        'An answer came after 3450 ms, when the page had given up at 3000 ms.',
      ],
    });
  });

  it('fails a method answered twice, though the first answer was right', () => {
    const answer = { body: { code: 0, data: VERSION }, ms: 10, after: 'pending' as const };
    const result = classify(
      record({ posted, answers: [answer, { ...answer, after: 'settled' }], outcome: { ok: true, ms: 10 } }),
    );
    expect(result.verdict).toBe('fail');
    expect(result.details).toEqual(['Answered 2 times: answer exactly once.']);
  });

  it('tells documented refusals (401, 1001) from other failure codes', () => {
    const failed = (code: number) =>
      classify(
        record({
          method: 'setWinterStorageMode',
          posted,
          outcome: { ok: false, ms: 1, reason: 'native', code, message: 'battery too low' },
        }),
      );
    expect(failed(1001)).toMatchObject({ verdict: 'refused', summary: 'Refused with 1001: battery too low' });
    expect(failed(401).verdict).toBe('refused');
    expect(failed(500)).toMatchObject({ verdict: 'fail', summary: 'Failed with code 500: battery too low' });
    expect(failed(400).verdict).toBe('fail');
  });

  it('says what has not run, what waits, and a call the app restarted away from', () => {
    expect(classify(record({ method: 'closeWebView' }), 'tap')).toMatchObject({
      verdict: 'not-run',
      summary: 'Not run: tap to run it.',
    });
    expect(classify(record({ missing: 'No mower.' }))).toMatchObject({ verdict: 'not-run', summary: 'No mower.' });
    expect(classify(record({ posted }))).toMatchObject({
      verdict: 'waiting',
      summary: 'Waiting for the answer (up to 3 s).',
    });
    expect(classify(record({ method: 'changeMowerOpenScheme', posted, interrupted: true }), 'tap').verdict).toBe(
      'no-answer',
    );
  });
});

describe('redact', () => {
  it('keeps the token and the e-mail out of what is shown and copied, in objects and JSON text', () => {
    const answer = { code: 0, data: { vehicle_sn: 'NVM-1', email: 'a@b.c', access_token: 'secret-token' } };
    expect(redact(answer)).toEqual({
      code: 0,
      data: { vehicle_sn: 'NVM-1', email: '<redacted: 5 characters>', access_token: '<redacted: 12 characters>' },
    });
    const text = redact(JSON.stringify(answer)) as string;
    expect(text).not.toContain('secret-token');
    expect(text).not.toContain('a@b.c');
    expect(redact('not json')).toBe('not json');
    expect(redact('{"code":0}')).toBe('{"code":0}');
  });

  it('cuts a huge raw answer', () => {
    const text = rawText('x'.repeat(10_000));
    expect(text.length).toBeLessThan(4_100);
    expect(text).toMatch(/more characters\)$/);
  });
});
