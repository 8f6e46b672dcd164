import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** A stand-in for `dist/web`: the HTML, a hashed chunk and a versioned locale file. */
function fakeBuild() {
  const root = mkdtempSync(join(tmpdir(), 'navimow-web-'));
  mkdirSync(join(root, 'assets/locales-0123456789ab/de'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><title>Navimow</title></head><body></body></html>');
  writeFileSync(join(root, 'assets/index-AbCdEf12.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets/locales-0123456789ab/de/common.json'), '{"productName":"Navimow"}');
  writeFileSync(join(root, 'robots.txt'), 'User-agent: *');
  return root;
}

describe('serving the pages', () => {
  let withSimulator: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    const webRoot = fakeBuild();
    withSimulator = await createTestApp('sqlite', { webRoot, simulator: true });
    production = await createTestApp('sqlite', { webRoot, simulator: false });
  });
  afterAll(async () => {
    await withSimulator.close();
    await production.close();
  });

  it('answers every page path with the app’s HTML, uncached, with 200 (history routing)', async () => {
    for (const url of ['/', '/healthPing', '/robotWinterMode/guide?lang=de', '/no/such/page']) {
      const response = await production.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed chunks and versioned locale files for a year, other files not', async () => {
    for (const url of ['/assets/index-AbCdEf12.js', '/assets/locales-0123456789ab/de/common.json']) {
      const response = await production.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const robots = await production.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  it('marks pages for the simulated app only when the server is told to', async () => {
    const simulated = await withSimulator.app.inject({ method: 'GET', url: '/healthPing' });
    expect(simulated.body).toContain('<meta name="navimow-simulator" content="on" />');
    const real = await production.app.inject({ method: 'GET', url: '/healthPing' });
    expect(real.body).not.toContain('navimow-simulator');
  });

  it('sends security headers: no framing, no sniffing, a strict script policy', async () => {
    const response = await production.app.inject({ method: 'GET', url: '/smartHome/login' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    const api = await production.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    const post = await production.app.inject({ method: 'POST', url: '/healthPing' });
    expect(post.statusCode).toBe(404);
  });
});
