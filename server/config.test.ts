import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, listenError, loadConfig } from './config.ts';
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
      authorizeRequestsPerMinute: 120,
      pageRequestsPerMinute: 600,
    });
    expect(config.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reads the variables of docs/configuration.md', () => {
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
      AUTHORIZE_REQUESTS_PER_MINUTE: '20',
      PAGE_REQUESTS_PER_MINUTE: '90',
      ALEXA_SKILL_REQUESTS_PER_MINUTE: '50',
      LOG_LEVEL: 'warn',
      MQTT_MAX_PACKET_BYTES: '4096',
      MQTT_CONNECT_TIMEOUT_MS: '2000',
      MQTT_UNAUTHENTICATED_PER_ADDRESS: '4',
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.0.11',
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
      trustProxy: ['loopback', 'linklocal', 'uniquelocal'],
      loginRequestsPerMinute: 5,
      authorizeRequestsPerMinute: 20,
      pageRequestsPerMinute: 90,
      alexaSkill: { requestsPerMinute: 50 },
      logLevel: 'warn',
      mqtt: { limits: { maxPacketBytes: 4096, connectTimeoutMs: 2000, unauthenticatedPerAddress: 4 } },
      metrics: { port: 9464, host: '10.0.0.11' },
    });
    // Off unless set, and then on this machine only.
    expect(loadConfig({ NAVIMOW_DEMO: 'on' }).metrics).toEqual({ port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ NAVIMOW_DEMO: 'on', METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names, never from every hop', () => {
    expect(loadConfig({ NAVIMOW_DEMO: 'on', TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ NAVIMOW_DEMO: 'on', TRUST_PROXY: 'on' }).trustProxy).toEqual([
      'loopback',
      'linklocal',
      'uniquelocal',
    ]);
    expect(
      loadConfig({ NAVIMOW_DEMO: 'on', TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.10,2001:db8::/32 ' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.0.2.10', '2001:db8::/32']);
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
      { ALEXA_SKILL_REQUESTS_PER_MINUTE: '-1' },
      { AUTHORIZE_REQUESTS_PER_MINUTE: '0' },
      { PAGE_REQUESTS_PER_MINUTE: 'many' },
      { TRUST_PROXY: '2' },
      { TRUST_PROXY: 'everyone' },
      { TRUST_PROXY: '10.0.0.0/33' },
      { MQTT_MAX_PACKET_BYTES: '1024' },
      { MQTT_CONNECT_TIMEOUT_MS: '0' },
      { MQTT_UNAUTHENTICATED_PER_ADDRESS: '0' },
      { MQTT_PORT: '4173' },
      { METRICS_PORT: '4173' },
      { METRICS_PORT: '1883' },
      { METRICS_PORT: 'on' },
    ]) {
      const name = Object.keys(env)[0]!;
      expect(() => loadConfig({ NAVIMOW_DEMO: 'on', ...env }), name).toThrow(ConfigError);
      expect(() => loadConfig({ NAVIMOW_DEMO: 'on', ...env }), name).toThrow(name);
    }
  });

  it('names the setting of the port that is taken: PORT, MQTT_PORT or METRICS_PORT', () => {
    const config = loadConfig({ NAVIMOW_DEMO: 'on', PORT: '4173', MQTT_PORT: '1883', METRICS_PORT: '9464' });
    const taken = (port: number) =>
      listenError(Object.assign(new Error('taken'), { code: 'EADDRINUSE', port }), config);
    expect(taken(4173)?.message).toMatch(/Set PORT to a free port\.$/);
    expect(taken(1883)?.message).toMatch(/Set MQTT_PORT to a free port \(or off for no MQTT over TCP\)\.$/);
    expect(taken(9464)?.message).toBe(
      'Cannot listen: port 9464 on 127.0.0.1 is already in use (another server?). Set METRICS_PORT to a free port (or off).',
    );
  });

  it("reads Google's service-account key from the file GOOGLE_SERVICE_ACCOUNT_FILE names, or refuses it naming it", () => {
    const key = { client_email: 'navimow@project.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----' };
    expect(
      loadConfig({ NAVIMOW_DEMO: 'on', GOOGLE_SERVICE_ACCOUNT_FILE: clientsFile(JSON.stringify(key)) }).homeGraph,
    ).toMatchObject({ serviceAccount: { ...key, token_uri: 'https://oauth2.googleapis.com/token' } });
    expect(() => loadConfig({ NAVIMOW_DEMO: 'on', GOOGLE_SERVICE_ACCOUNT_FILE: '/nonexistent/key.json' })).toThrow(
      /cannot read \/nonexistent\/key.json: ENOENT[\s\S]*→ at GOOGLE_SERVICE_ACCOUNT_FILE/,
    );
    const invalid = clientsFile('{"client_email":"x"}');
    expect(() => loadConfig({ NAVIMOW_DEMO: 'on', GOOGLE_SERVICE_ACCOUNT_FILE: invalid })).toThrow(
      new RegExp(`${invalid}: [\\s\\S]*private_key[\\s\\S]*→ at GOOGLE_SERVICE_ACCOUNT_FILE`),
    );
  });

  it('refuses an unreadable or invalid clients file', () => {
    expect(() => loadConfig({ OAUTH_CLIENTS_FILE: '/nonexistent/clients.json' })).toThrow(
      /cannot read[\s\S]*OAUTH_CLIENTS_FILE/,
    );
    expect(() => loadConfig({ OAUTH_CLIENTS_FILE: clientsFile('[]') })).toThrow(ConfigError);
    expect(() => loadConfig({ OAUTH_CLIENTS_FILE: clientsFile('[{"client_id":"x"}]') })).toThrow(/client_name/);
    // Only a third party may be a public client (no secret); Google's and Amazon's linking always send one.
    const publicGoogle = {
      client_id: 'g',
      client_name: 'Google',
      kind: 'google',
      redirect_uris: ['https://oauth-redirect.googleusercontent.com/r/x'],
    };
    expect(() => loadConfig({ OAUTH_CLIENTS_FILE: clientsFile(JSON.stringify([publicGoogle])) })).toThrow(
      /client_secret/,
    );
    expect(() => loadConfig({ OAUTH_CLIENTS_FILE: clientsFile('not json') })).toThrow(ConfigError);
    // Other redirects are confirmed on the consent screen or not at all, and only for clients users run themselves.
    const homeAssistant = {
      client_id: 'homeassistant',
      client_secret: 'the-secret-its-clients-send',
      client_name: 'Home Assistant',
      kind: 'third_party',
      redirect_uris: ['https://my.home-assistant.io/redirect/oauth', 'http://127.0.0.1/callback'],
    };
    const withOthers = (client: object, otherRedirects: unknown) =>
      loadConfig({ OAUTH_CLIENTS_FILE: clientsFile(JSON.stringify([{ ...client, other_redirects: otherRedirects }])) });
    expect(withOthers(homeAssistant, 'after_consent').oauthClients[0]).toMatchObject({
      other_redirects: 'after_consent',
    });
    for (const [client, otherRedirects] of [
      [homeAssistant, 'always'],
      [{ ...publicGoogle, client_secret: 'google-secret' }, 'after_consent'],
    ] as const) {
      expect(() => withOthers(client, otherRedirects)).toThrow(/other_redirects[\s\S]*OAUTH_CLIENTS_FILE/);
    }
  });

  describe('Alexa app-to-app linking (Amazon)', () => {
    const production = {
      OAUTH_CLIENTS_FILE: clientsFile(
        JSON.stringify([
          {
            client_id: 'alexa-skill',
            client_secret: 'alexa-secret-1',
            client_name: 'Alexa',
            kind: 'alexa',
            redirect_uris: ['https://layla.amazon.com/api/skill/link/M2REAL'],
          },
        ]),
      ),
      PUBLIC_URL: 'https://navimow.example.com',
    };
    const amazon = {
      LWA_CLIENT_ID: 'amzn1.application-oa2-client.real',
      LWA_CLIENT_SECRET: 'lwa-secret',
      ALEXA_SKILL_ID: 'amzn1.ask.skill.real',
      ALEXA_REDIRECT_URI: 'https://layla.amazon.com/api/skill/link/M2REAL',
    };

    it('is off without Login with Amazon credentials, outside the simulator', () => {
      expect(loadConfig(production).amazon).toBeUndefined();
      expect(loadConfig({ NAVIMOW_DEMO: 'on' }).amazon).toBeUndefined();
    });

    it('talks to Amazon itself in production, the skill live, our codes bound to the configured redirect', () => {
      expect(loadConfig({ ...production, ...amazon }).amazon).toEqual({
        alexaAppUrl: 'https://alexa.amazon.com/spa/skill-account-linking-consent',
        lwaAuthorizationUrl: 'https://www.amazon.com/ap/oa',
        lwaTokenUrl: 'https://api.amazon.com/auth/o2/token',
        alexaApiUrl: 'https://api.amazonalexa.com',
        clientId: 'amzn1.application-oa2-client.real',
        clientSecret: 'lwa-secret',
        skillId: 'amzn1.ask.skill.real',
        skillStage: 'live',
        ourClientId: 'alexa-skill',
        amazonRedirectUri: 'https://layla.amazon.com/api/skill/link/M2REAL',
        appLinkRedirectUri: 'https://navimow.example.com/smartHome/alexa/appBind',
        timeoutMs: 8000,
      });
      const europe = loadConfig({
        ...production,
        ...amazon,
        ALEXA_API_URL: 'https://api.eu.amazonalexa.com/',
        AMAZON_TIMEOUT_MS: '4000',
        ALEXA_SKILL_STAGE: 'development',
      });
      expect(europe.amazon).toMatchObject({
        alexaApiUrl: 'https://api.eu.amazonalexa.com',
        timeoutMs: 4000,
        skillStage: 'development',
      });
    });

    it('names what is missing or wrong', () => {
      expect(() => loadConfig({ ...production, LWA_CLIENT_ID: amazon.LWA_CLIENT_ID })).toThrow(
        /LWA_CLIENT_SECRET[\s\S]*ALEXA_SKILL_ID|ALEXA_SKILL_ID[\s\S]*LWA_CLIENT_SECRET/,
      );
      expect(() =>
        loadConfig({
          ...production,
          ...amazon,
          ALEXA_REDIRECT_URI: 'https://pitangui.amazon.com/api/skill/link/OTHER',
        }),
      ).toThrow(/ALEXA_REDIRECT_URI/);
      expect(() => loadConfig({ ...production, ...amazon, ALEXA_SKILL_STAGE: 'beta' })).toThrow(/ALEXA_SKILL_STAGE/);
      expect(() => loadConfig({ ...production, ...amazon, LWA_TOKEN_URL: 'ftp://amazon' })).toThrow(/LWA_TOKEN_URL/);
      expect(() => loadConfig({ ...production, ...amazon, AMAZON_TIMEOUT_MS: '0' })).toThrow(/AMAZON_TIMEOUT_MS/);
      // Google's HomeGraph has its own budget: Amazon's does not time it.
      const google = loadConfig({
        ...production,
        ...amazon,
        AMAZON_TIMEOUT_MS: '4000',
        GOOGLE_HOMEGRAPH_TIMEOUT_MS: '2500',
      });
      expect([google.amazon?.timeoutMs, google.homeGraph.timeoutMs]).toEqual([4000, 2500]);
      expect(() => loadConfig({ ...production, ...amazon, GOOGLE_HOMEGRAPH_TIMEOUT_MS: '0' })).toThrow(
        /GOOGLE_HOMEGRAPH_TIMEOUT_MS/,
      );
    });

    it('points at the local fake of Amazon with the simulator', () => {
      expect(loadConfig({ NAVIMOW_DEMO: 'on', NAVIMOW_SIMULATOR: 'on' }).amazon).toMatchObject({
        // The phone only ever opens Amazon's real consent pages; the simulated app plays the consent with the fake.
        alexaAppUrl: 'https://alexa.amazon.com/spa/skill-account-linking-consent',
        lwaAuthorizationUrl: 'https://www.amazon.com/ap/oa',
        lwaTokenUrl: 'http://127.0.0.1:4173/dev/amazon/auth/o2/token',
        alexaApiUrl: 'http://127.0.0.1:4173/dev/amazon/api',
        skillStage: 'development',
        ourClientId: 'alexa',
        amazonRedirectUri: 'https://pitangui.amazon.com/api/skill/link/M2NAVIMOWDEMO',
      });
    });
  });
});
