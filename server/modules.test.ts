import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { serverModules } from './modules.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from './testing/test-database.ts';

describe('the module list', () => {
  it('names each module once, and each owns the variables it declares alone', () => {
    const names = serverModules.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
    const variables = serverModules.flatMap((module) => Object.keys(module.settings));
    expect(new Set(variables).size).toBe(variables.length);
  });
});

/** server/main.ts runs every module's sweeps with the server's configuration: each must run, on either database. */
describe.each(testDatabaseKinds)('every sweep of the module list on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  it('runs with what server/main.ts gives it', async () => {
    const config = loadConfig({ NAVIMOW_DEMO: 'on' });
    const sweeps = serverModules.flatMap((module) => module.sweeps.map((sweep) => ({ module: module.name, ...sweep })));
    // The sweeps that were started by hand before (server/main.ts, and server/live-fleet.ts before the modules started themselves), and on the same cadence.
    expect(sweeps.map(({ module, name, everyMs }) => `${module}: ${name} every ${everyMs / 1000} s`).sort()).toEqual(
      [
        'accounts: session retry answers every 30 s',
        'accounts: sign-in failures every 3600 s',
        'accounts: used refresh tokens every 3600 s',
        'fleet: command buckets every 3600 s',
        'messages: old messages every 3600 s',
        'mqtt: expired MQTT credentials every 3600 s',
        'navimow-api: command results every 3600 s',
        'oauth: OAuth refresh answers every 30 s',
        'oauth: expired OAuth records every 3600 s',
        'server: rate-limit windows every 3600 s',
      ].sort(),
    );
    for (const sweep of sweeps) await sweep.run(database.db, config);
  });
});
