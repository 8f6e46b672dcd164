import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { DEMO } from '../db/seed.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** A build with the simulator's chunk and a source map, as Vite writes them. */
function fakeBuild() {
  const root = mkdtempSync(join(tmpdir(), 'navimow-web-'));
  mkdirSync(join(root, '.vite'), { recursive: true });
  mkdirSync(join(root, 'assets'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><title>Navimow</title></head><body></body></html>',
  );
  const files = {
    'assets/index-AbCdEf12.js': 'console.log("entry")',
    'assets/install-Zz9Yy8Xx.js': 'const password = "Navimow-demo-1"',
    'assets/install-Zz9Yy8Xx.css': '.panel{}',
    'assets/index-AbCdEf12.js.map': '{"version":3}',
  };
  for (const [file, content] of Object.entries(files)) {
    writeFileSync(join(root, file), content);
    writeFileSync(join(root, `${file}.br`), content);
  }
  writeFileSync(
    join(root, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-AbCdEf12.js', isEntry: true, dynamicImports: ['src/simulator/install.tsx'] },
      'src/simulator/install.tsx': {
        file: 'assets/install-Zz9Yy8Xx.js',
        css: ['assets/install-Zz9Yy8Xx.css'],
        isDynamicEntry: true,
      },
    }),
  );
  return root;
}

/** Issue 8, finding 6 and 7: a production start has no demo, no demo clients, no simulator code, no source maps. */
describe('a production start', () => {
  let production: TestApp;
  let demo: TestApp;
  beforeAll(async () => {
    const webRoot = fakeBuild();
    const clientsFile = join(mkdtempSync(join(tmpdir(), 'navimow-clients-')), 'clients.json');
    writeFileSync(
      clientsFile,
      JSON.stringify([
        {
          client_id: 'partner',
          client_secret: 'partner-secret-1',
          client_name: 'Partner',
          kind: 'third_party',
          redirect_uris: ['https://partner.example/cb'],
        },
      ]),
    );
    const config = loadConfig({ OAUTH_CLIENTS_FILE: clientsFile, LOG_LEVEL: 'silent' });
    production = await createTestApp('sqlite', { ...config, webRoot, simulator: false }, { seed: false });
    demo = await createTestApp('sqlite', { webRoot, simulator: true });
  });
  afterAll(async () => {
    await production.close();
    await demo.close();
  });

  it('has no demo accounts', async () => {
    const login = await production.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: DEMO.owner.email, password: DEMO.owner.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('registers only the configured OAuth clients, never the demo ones with their published secrets', async () => {
    const demoClient = await production.app.inject({
      method: 'GET',
      url: '/oauth/authorize?response_type=code&client_id=demo-client&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256',
    });
    expect(demoClient.statusCode).toBe(400);
    expect(demoClient.headers.location).toBeUndefined();
    const partner = await production.app.inject({
      method: 'GET',
      url: '/oauth/authorize?response_type=code&client_id=partner&redirect_uri=https%3A%2F%2Fpartner.example%2Fcb&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256',
    });
    expect(partner.statusCode).toBe(303);
  });

  it('does not serve the simulated native app’s code, in any encoding', async () => {
    for (const url of ['/assets/install-Zz9Yy8Xx.js', '/assets/install-Zz9Yy8Xx.css']) {
      for (const encoding of ['identity', 'br']) {
        const response = await production.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.body, `${url} ${encoding}`).not.toContain('Navimow-demo-1');
        expect(response.headers['content-type'], `${url} ${encoding}`).toMatch(/^text\/html/);
      }
    }
    expect((await production.app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' })).statusCode).toBe(200);
    // The demo, with the simulator on, does serve it.
    expect((await demo.app.inject({ method: 'GET', url: '/assets/install-Zz9Yy8Xx.js' })).body).toContain('demo');
  });

  it('never serves source maps', async () => {
    for (const app of [production.app, demo.app]) {
      for (const encoding of ['identity', 'br']) {
        const response = await app.inject({
          method: 'GET',
          url: '/assets/index-AbCdEf12.js.map',
          headers: { 'accept-encoding': encoding },
        });
        expect(response.body).not.toContain('"version":3');
      }
    }
  });
});
