/**
 * An error that gets past every handler (issue 34, item 1) is logged without what the client sent, and the process
 * keeps running: a child process throws from a timer and leaves a promise rejected, then says it is still there.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { strayErrorFields } from './stray-errors.ts';

const module = new URL('./stray-errors.ts', import.meta.url).pathname;

const child = `
import { keepServingOnStrayErrors } from ${JSON.stringify(module)};
keepServingOnStrayErrors({ fatal: (object, message) => console.error(JSON.stringify({ ...object, message })) });
setTimeout(() => new URL('//x:99999/secret-token'));
setTimeout(() => void Promise.reject(Object.assign(new Error('owner@example.com'), { code: 'E_SECRET' })), 10);
setTimeout(() => console.log('still serving'), 50);
`;

function run(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const process_ = spawn(process.execPath, ['--input-type=module', '-e', child], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    process_.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    process_.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    process_.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('an error past every handler', () => {
  it('is logged by its class, code and stack frames, and the process goes on', async () => {
    const { code, stdout, stderr } = await run();
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('still serving');
    const lines = stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { stray: { type: string; code?: string }; message: string });
    expect(lines.map(({ stray: { type, code: errorCode } }) => [type, errorCode])).toEqual([
      ['TypeError', 'ERR_INVALID_URL'],
      ['Error', 'E_SECRET'],
    ]);
    expect(stderr).not.toMatch(/secret-token|owner@example\.com|x:99999/);
  });

  it('keeps nothing of a value that is not an Error', () => {
    expect(strayErrorFields('owner@example.com')).toEqual({ type: 'string' });
    expect(strayErrorFields(null)).toEqual({ type: 'null' });
  });
});
