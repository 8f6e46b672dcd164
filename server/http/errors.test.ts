import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Issue 8, finding 8: every answer under /api/ and /oauth/ is `{ error: { code, message } }`, however malformed the request. */
describe('one error shape for malformed requests', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'navimow-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Navimow</title>');
    t = await createTestApp('sqlite', { webRoot });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(() => t.close());

  const errorShape = { error: { code: expect.any(String), message: expect.any(String) } };

  it.each([
    ['/api/%ff', 400],
    ['/oauth/%ff', 400],
    ['/api/mowers/%E0%A4%A', 400],
    ['/api//health', 404],
    ['/api/health%00', 404],
    ['/oauth//token', 404],
    ['/api/nothing-here', 404],
  ])('answers GET %s with %i in the contract’s shape', async (url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(errorShape);
  });

  /** Sends raw bytes, as a broken client would: Node's parser refuses these before any route runs. */
  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      socket.end(request);
    });
  }

  const parse = (answer: string) => {
    const [head, body] = answer.split('\r\n\r\n');
    return { status: Number(head!.split(' ')[1]), body: JSON.parse(body!) as unknown };
  };

  it('answers a header with control characters with 400 in the contract’s shape', async () => {
    const answer = parse(await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n'));
    expect(answer).toEqual({ status: 400, body: errorShape });
  });

  it('answers oversized headers with 431 in the contract’s shape', async () => {
    const answer = parse(await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer).toEqual({ status: 431, body: errorShape });
  });
});
