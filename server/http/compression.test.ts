import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMPRESSION_THRESHOLD, registerApiCompression } from './compression.ts';

const large = {
  mowers: Array.from({ length: 40 }, (_, index) => ({ serial: `NVM-DEMO-${index}`, name: 'Front lawn' })),
};
const small = { status: 'ok' };

describe('compressing API answers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(
      async (api) => {
        await registerApiCompression(api);
        api.get('/large', async () => large);
        api.get('/small', async () => small);
        api.post('/echo', async (request) => request.body);
      },
      { prefix: '/api' },
    );
    app.get('/outside', async () => large);
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends a large JSON answer as Brotli or gzip, whichever the client prefers, varying on Accept-Encoding', async () => {
    expect(JSON.stringify(large).length).toBeGreaterThan(API_COMPRESSION_THRESHOLD);
    const brotli = await app.inject({ method: 'GET', url: '/api/large', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(large);

    const gzip = await app.inject({ method: 'GET', url: '/api/large', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(large);

    const plain = await app.inject({ method: 'GET', url: '/api/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(large);
  });

  it('leaves small answers as they are', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(small);
  });

  it('applies to the API only', async () => {
    const response = await app.inject({ method: 'GET', url: '/outside', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('does not inflate compressed request bodies', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(small)),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
  });
});
