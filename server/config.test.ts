import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_CLIENTS } from './modules/oauth/public.ts';

const clientsFile = (content: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'navimow-config-')), 'clients.json');
  writeFileSync(file, content);
  return file;
};

describe('loadConfig', () => {
  it('has a default for everything but the OAuth clients; the demo brings its own', () => {
    const config = loadConfig({ NAVIMOW_DEMO: 'on' });
    expect(config).toMatchObject({
      port: 4173,
      host: '127.0.0.1',
      databaseUrl: undefined,
      simulator: false,
      demo: true,
      webRoot: resolve('dist/web'),
      logLevel: 'info',
      publicUrl: 'http://127.0.0.1:4173',
      oauthClients: DEMO_CLIENTS,
      oauthCookieKeys: undefined,
      trustProxy: false,
      loginRequestsPerMinute: 300,
      tokenRequestsPerMinute: 3000,
    });
    expect(config.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reads every variable of the README', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db/navimow',
      NAVIMOW_SIMULATOR: 'on',
      NAVIMOW_DEMO: 'on',
      WEB_ROOT: '/srv/web',
      PUBLIC_URL: 'https://navimow.example/',
      OAUTH_COOKIE_KEYS: 'new-key, old-key,,',
      TRUST_PROXY: 'true',
      LOGIN_REQUESTS_PER_MINUTE: '5',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db/navimow',
      simulator: true,
      demo: true,
      webRoot: '/srv/web',
      publicUrl: 'https://navimow.example',
      oauthCookieKeys: ['new-key', 'old-key'],
      trustProxy: true,
      loginRequestsPerMinute: 5,
      logLevel: 'warn',
    });
  });

  it('derives the public URL from host and port when it is not set', () => {
    expect(loadConfig({ HOST: '10.0.0.2', PORT: '9000', NAVIMOW_DEMO: 'on' }).publicUrl).toBe('http://10.0.0.2:9000');
  });

  it('takes the OAuth clients from the file OAUTH_CLIENTS_FILE names', () => {
    const client = {
      client_id: 'partner',
      client_secret: 'partner-secret',
      client_name: 'Partner',
      kind: 'third_party',
      redirect_uris: ['https://partner.example/cb'],
    };
    expect(loadConfig({ OAUTH_CLIENTS_FILE: clientsFile(JSON.stringify([client])) }).oauthClients).toEqual([client]);
  });

  it('never registers the demo clients and their published secrets outside the demo: no clients, no start', () => {
    expect(() => loadConfig({})).toThrow(/OAUTH_CLIENTS_FILE/);
    expect(loadConfig({ NAVIMOW_DEMO: 'on' }).oauthClients).toBe(DEMO_CLIENTS);
  });

  it('refuses wrong values with a message naming the variable, instead of starting half-configured', () => {
    for (const env of [
      { PORT: 'eighty' },
      { PORT: '70000' },
      { NAVIMOW_SIMULATOR: 'yes' },
      { LOG_LEVEL: 'loud' },
      { PUBLIC_URL: 'javascript:alert(1)' },
      { LOGIN_REQUESTS_PER_MINUTE: '0' },
    ]) {
      const name = Object.keys(env)[0]!;
      expect(() => loadConfig({ NAVIMOW_DEMO: 'on', ...env }), name).toThrow(ConfigError);
      expect(() => loadConfig({ NAVIMOW_DEMO: 'on', ...env }), name).toThrow(name);
    }
  });

  it('refuses an unreadable or invalid clients file', () => {
    expect(() => loadConfig({ OAUTH_CLIENTS_FILE: '/nonexistent/clients.json' })).toThrow(/cannot read[\s\S]*OAUTH_CLIENTS_FILE/);
    expect(() => loadConfig({ OAUTH_CLIENTS_FILE: clientsFile('[]') })).toThrow(ConfigError);
    expect(() => loadConfig({ OAUTH_CLIENTS_FILE: clientsFile('[{"client_id":"x"}]') })).toThrow(/client_secret/);
    expect(() => loadConfig({ OAUTH_CLIENTS_FILE: clientsFile('not json') })).toThrow(ConfigError);
  });
});
