import type { PageRenderer } from '../../common/page-render.ts';
import { type AppConfig, type BuiltApp, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseKind, Db } from '../db/database.ts';
import type { Clock } from '../modules/fleet/public.ts';
import { DEMO } from '../db/seed.ts';
import { createTestDatabase } from './test-database.ts';

/** The app and its parts (server/app.ts's `BuiltApp`), with the test database. */
export interface TestApp extends BuiltApp {
  db: Db;
  close(): Promise<void>;
  /** Signs in as a demo account and returns its bearer header. */
  signIn(account?: string, password?: string): Promise<{ authorization: string }>;
}

/** The defaults of server/config.ts for the demo (its data and clients), quiet, API only unless a test asks for pages. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // The fleet stands still unless a test moves its clock; the MQTT broker opens no port unless asked (userInfo still
  // names the default one).
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      NAVIMOW_DEMO: 'on',
      FLEET_TICK_MS: '0',
      MQTT_PORT: 'off',
      MQTT_PUBLIC_PORT: '1883',
    }),
    webRoot: undefined,
    ...overrides,
  };
}

/**
 * The embedded MQTT broker listening for a test: TCP on a free port of 127.0.0.1, WebSockets on /mqtt, and userInfo
 * naming what it listens on (no public host or port of a proxy in front).
 */
export function listeningMqtt(overrides: Partial<AppConfig['mqtt']> = {}): AppConfig['mqtt'] {
  return {
    ...testConfig().mqtt,
    port: 0,
    host: '127.0.0.1',
    wsPath: '/mqtt',
    publicHost: undefined,
    publicPort: undefined,
    ...overrides,
  };
}

export async function createTestApp(
  kind: DatabaseKind,
  overrides: Partial<AppConfig> = {},
  { seed = true, clock, pageRenderer }: { seed?: boolean; clock?: Clock; pageRenderer?: PageRenderer } = {},
): Promise<TestApp> {
  const { db, destroy } = await createTestDatabase(kind, { seed });
  const built = await buildApp({ db, config: testConfig(overrides), clock, ...(pageRenderer && { pageRenderer }) });
  const { app } = built;
  return {
    ...built,
    db,
    async close() {
      await app.close();
      await destroy();
    },
    async signIn(account = DEMO.owner.email, password = DEMO.owner.password) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account, password } });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
    },
  };
}
