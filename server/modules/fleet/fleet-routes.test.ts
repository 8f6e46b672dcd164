import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { linkHomeAssistant } from '../../testing/navimow-test-client.ts';

const MIN = 60_000;
const OWNED = DEMO.mowers.owned.serial;
const SHARED = DEMO.mowers.shared.serial;
const NOT_SHARED = DEMO.mowers.notShared.serial;

describe.each(testDatabaseKinds)("the app's fleet routes on %s", (kind) => {
  let t: TestApp;
  let plain: TestApp;
  let now = Date.parse('2026-06-01T08:00:00.000Z');
  let headers: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { simulator: true }, { clock: { now: () => now } });
    await t.app.ready();
    headers = await t.signIn();
    plain = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  const status = (serial: string) => t.app.inject({ method: 'GET', url: `/api/mowers/${serial}/status`, headers });
  const report = (serial: string, payload: Record<string, unknown>, auth = headers) =>
    t.app.inject({ method: 'POST', url: `/api/simulator/mowers/${serial}/report`, headers: auth, payload });
  const winter = (serial: string, enabled: boolean) =>
    t.app.inject({ method: 'PUT', url: `/api/mowers/${serial}/winter-mode`, headers, payload: { enabled } });

  it("shows a mower's live state, charging on its station", async () => {
    now += 20 * MIN;
    const response = await status(SHARED);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      serial_number: SHARED,
      state: 'docked',
      online: true,
      charging: true,
      battery_percent: 40 + Math.floor((20 * 60) / 45),
    });
    expect((await status(NOT_SHARED)).statusCode).toBe(404);
  });

  it('lets the simulator put a mower into a fault, take it offline, and back', async () => {
    const fault = await report(OWNED, { kind: 'fault', reason: 'stuck' });
    expect(fault.statusCode).toBe(200);
    expect(fault.json()).toMatchObject({ changed: true, status: { state: 'error', error_reason: 'stuck' } });
    expect((await report(OWNED, { kind: 'fault', reason: 'stuck' })).json().changed).toBe(false);
    expect((await report(OWNED, { kind: 'clear' })).json().status.state).toBe('docked');
    expect((await report(OWNED, { kind: 'offline' })).json().status.online).toBe(false);
    expect((await report(OWNED, { kind: 'online' })).json().status.online).toBe(true);
    const faults = await t.db
      .selectFrom('messages')
      .select('fault_code')
      .where('mower_serial', '=', OWNED)
      .where('type', '=', 'fault')
      .where('id', 'not like', 'demo-%')
      .execute();
    expect(faults).toEqual([{ fault_code: 'E-203' }]);
  });

  it("refuses bad reports, other accounts' mowers and linked services; exists only with the simulator", async () => {
    expect((await report(OWNED, { kind: 'fault', reason: 'gremlins' })).statusCode).toBe(400);
    expect((await report(OWNED, { kind: 'explode' })).statusCode).toBe(400);
    expect((await report(NOT_SHARED, { kind: 'offline' })).statusCode).toBe(404);
    const linked = await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password });
    expect(
      (await report(OWNED, { kind: 'offline' }, { authorization: `Bearer ${linked.access_token}` })).statusCode,
    ).toBe(403);
    const off = await plain.app.inject({
      method: 'POST',
      url: `/api/simulator/mowers/${OWNED}/report`,
      headers: await plain.signIn(),
      payload: { kind: 'offline' },
    });
    expect(off.statusCode).toBe(404);
  });

  it('puts a charged mower into winter storage, and refuses below 85 %', async () => {
    const low = await winter(SHARED, true);
    expect(low.statusCode).toBe(409);
    expect(low.json().error.code).toBe('battery_too_low');
    const ok = await winter(OWNED, true);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ winter_mode: true, charging: false });
    expect((await winter(OWNED, true)).statusCode).toBe(200);
    expect((await winter(OWNED, false)).json().winter_mode).toBe(false);
    expect((await winter(NOT_SHARED, true)).statusCode).toBe(404);
  });
});
