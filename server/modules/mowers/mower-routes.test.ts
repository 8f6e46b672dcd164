import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';

describe.each(testDatabaseKinds)('GET /api/mowers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists the owned mower first, then the one shared with the account', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/mowers', headers: await t.signIn() });
    expect(response.statusCode).toBe(200);
    expect(response.json().mowers).toEqual([
      {
        serial_number: 'NVM-DEMO-0001',
        name: DEMO.mowers.owned.name,
        model: DEMO.mowers.owned.model,
        role: 'owner',
        battery_percent: 92,
      },
      {
        serial_number: 'NVM-DEMO-0002',
        name: DEMO.mowers.shared.name,
        model: DEMO.mowers.shared.model,
        role: 'shared',
        battery_percent: 40,
      },
    ]);
  });

  it('gives the second account its two own mowers and nothing shared', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/mowers',
      headers: await t.signIn(DEMO.friend.email, DEMO.friend.password),
    });
    expect(
      response.json().mowers.map((mower: { serial_number: string; role: string }) => [mower.serial_number, mower.role]),
    ).toEqual([
      ['NVM-DEMO-0002', 'owner'],
      ['NVM-DEMO-0003', 'owner'],
    ]);
  });

  it('refuses a missing or unknown token with 401 and WWW-Authenticate', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
      { authorization: 'Basic abc' },
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/mowers', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json().error.code).toBe('unauthorized');
    }
  });
});
