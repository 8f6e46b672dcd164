import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { DEMO } from '../../db/seed.ts';
import { linkedToken, TEST_CLIENTS, type TestClient } from '../../testing/oauth-test-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import type { FakeHomeGraph } from './home-graph.ts';
import { REPORT_RETRY_MS } from './home-graph-sync.ts';
import {
  errorResponseSchema,
  executeResponseSchema,
  queryResponseSchema,
  syncResponseSchema,
} from './google-schemas.ts';

const { google: GOOGLE, alexa: ALEXA } = TEST_CLIENTS;
const OWNED = DEMO.mowers.owned.serial;
const SHARED = DEMO.mowers.shared.serial;
const NOT_SHARED = DEMO.mowers.notShared.serial;
const MIN = 60_000;

/** The request examples of Google's intent reference (requestId and shape as documented; device ids ours). */
const REQUEST_ID = 'ff36a3cc-ec34-11e6-b1a0-64510650abcf';
const syncRequest = { requestId: REQUEST_ID, inputs: [{ intent: 'action.devices.SYNC' }] };
const queryRequest = (...ids: string[]) => ({
  requestId: REQUEST_ID,
  inputs: [
    {
      intent: 'action.devices.QUERY',
      payload: { devices: ids.map((id) => ({ id, customData: { fooValue: 74, barValue: true, bazValue: 'foo' } })) },
    },
  ],
});
const executeRequest = (ids: string[], ...execution: { command: string; params?: Record<string, unknown> }[]) => ({
  requestId: REQUEST_ID,
  inputs: [
    { intent: 'action.devices.EXECUTE', payload: { commands: [{ devices: ids.map((id) => ({ id })), execution }] } },
  ],
});
const disconnectRequest = { requestId: REQUEST_ID, inputs: [{ intent: 'action.devices.DISCONNECT' }] };
const START = { command: 'action.devices.commands.StartStop', params: { start: true } };
const STOP = { command: 'action.devices.commands.StartStop', params: { start: false } };
const PAUSE = { command: 'action.devices.commands.PauseUnpause', params: { pause: true } };
const RESUME = { command: 'action.devices.commands.PauseUnpause', params: { pause: false } };
const DOCK = { command: 'action.devices.commands.Dock' };

describe.each(testDatabaseKinds)('Google smart-home fulfilment on %s', (kind) => {
  let t: TestApp;
  let now = Date.parse('2026-06-01T08:00:00.000Z');
  let ownerToken: string;
  let friendToken: string;

  const link = (client: TestClient, account: string = DEMO.owner.email, password: string = DEMO.owner.password) =>
    linkedToken(t.app, client, { account, password });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock: { now: () => now } });
    await t.app.ready();
    ownerToken = await link(GOOGLE);
    friendToken = await link(GOOGLE, DEMO.friend.email, DEMO.friend.password);
  });
  afterAll(() => t.close());

  const fulfil = (token: string | undefined, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/smarthome/google',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body as object,
    });
  async function answer<S extends z.ZodType>(schema: S, token: string, body: unknown): Promise<z.infer<S>> {
    const response = await fulfil(token, body);
    expect(response.statusCode, response.body).toBe(200);
    return schema.parse(response.json());
  }
  const query = async (token: string, ...ids: string[]) =>
    (await answer(queryResponseSchema, token, queryRequest(...ids))).payload.devices;
  const execute = (token: string, ids: string[], ...execution: Parameters<typeof executeRequest>[1][]) =>
    answer(executeResponseSchema, token, executeRequest(ids, ...execution));
  const fake = () => t.homeGraph as FakeHomeGraph;
  /** Forgets what HomeGraph was told so far, once the calls under way have landed. */
  async function forgetHomeGraph() {
    await t.homeGraphSync.settled();
    fake().reports.length = 0;
    fake().syncs.length = 0;
  }

  it('SYNC: every mower of the account, owned and shared, as a MOWER with its name and an agentUserId that stays', async () => {
    const sync = await answer(syncResponseSchema, ownerToken, syncRequest);
    expect(sync.requestId).toBe(REQUEST_ID);
    expect(sync.payload.agentUserId).toBe(DEMO.owner.id);
    expect(sync.payload.devices.map((device) => [device.id, device.name.name])).toEqual([
      [OWNED, DEMO.mowers.owned.name],
      [SHARED, DEMO.mowers.shared.name],
    ]);
    expect(sync.payload.devices[0]).toMatchObject({
      type: 'action.devices.types.MOWER',
      traits: ['action.devices.traits.StartStop', 'action.devices.traits.Dock', 'action.devices.traits.EnergyStorage'],
      attributes: { pausable: true },
      willReportState: true,
    });
    // Another token of the same account (a new link): the same agentUserId.
    const again = await answer(syncResponseSchema, await link(GOOGLE), syncRequest);
    expect(again.payload.agentUserId).toBe(DEMO.owner.id);
    const friend = await answer(syncResponseSchema, friendToken, syncRequest);
    expect(friend.payload.agentUserId).toBe(DEMO.friend.id);
    expect(friend.payload.devices.map((device) => device.id)).toEqual([SHARED, NOT_SHARED]);
  });

  it("QUERY: state and battery from the fleet; another account's mower is not found, never shown", async () => {
    const devices = await query(ownerToken, OWNED, SHARED, NOT_SHARED);
    expect(devices[OWNED]).toEqual({
      status: 'SUCCESS',
      online: true,
      isRunning: false,
      isPaused: false,
      isDocked: true,
      descriptiveCapacityRemaining: 'HIGH',
      capacityRemaining: [{ rawValue: 92, unit: 'PERCENTAGE' }],
      isCharging: true,
      isPluggedIn: true,
    });
    expect(devices[SHARED]).toMatchObject({
      status: 'SUCCESS',
      capacityRemaining: [{ rawValue: 40, unit: 'PERCENTAGE' }],
    });
    expect(devices[NOT_SHARED]).toEqual({ status: 'ERROR', errorCode: 'deviceNotFound' });
  });

  it('EXECUTE drives a mower through start, pause, resume and dock while QUERY follows; Report State tells Google', async () => {
    await forgetHomeGraph();
    // Leaving the station takes the mower a while: PENDING with the state so far, never a claimed outcome.
    let result = await execute(ownerToken, [OWNED], START);
    expect(result.payload.commands).toEqual([
      { ids: [OWNED], status: 'PENDING', states: expect.objectContaining({ isRunning: true, isDocked: false }) },
    ]);
    await t.homeGraphSync.settled();
    /** What HomeGraph was last told of the owner's own mower, for the owner. */
    const reported = () =>
      fake()
        .reports.filter((report) => report.agentUserId === DEMO.owner.id && OWNED in report.payload.devices.states)
        .at(-1)?.payload.devices.states[OWNED];
    expect(reported()).toMatchObject({ isRunning: true, isDocked: false });
    now += 5 * MIN;
    expect(await query(ownerToken, OWNED)).toMatchObject({
      [OWNED]: { isRunning: true, isPaused: false, capacityRemaining: [{ rawValue: 87, unit: 'PERCENTAGE' }] },
    });

    result = await execute(ownerToken, [OWNED], PAUSE);
    expect(result.payload.commands[0]).toMatchObject({
      status: 'SUCCESS',
      states: { isRunning: false, isPaused: true },
    });
    expect((await query(ownerToken, OWNED))[OWNED]).toMatchObject({
      isRunning: false,
      isPaused: true,
      isDocked: false,
    });
    // Pausing again: Google says it is already paused.
    expect((await execute(ownerToken, [OWNED], PAUSE)).payload.commands).toEqual([
      { ids: [OWNED], status: 'ERROR', errorCode: 'alreadyPaused' },
    ]);

    // Pause and resume act where the mower stands: SUCCESS with the state they leave.
    expect((await execute(ownerToken, [OWNED], RESUME)).payload.commands).toEqual([
      { ids: [OWNED], status: 'SUCCESS', states: expect.objectContaining({ isRunning: true, isPaused: false }) },
    ]);
    expect((await query(ownerToken, OWNED))[OWNED]).toMatchObject({ isRunning: true, isPaused: false });

    // Docking is a drive home: PENDING, not yet docked; Report State says so once the mower is on its station.
    await forgetHomeGraph();
    result = await execute(ownerToken, [OWNED], DOCK);
    expect(result.payload.commands).toEqual([
      { ids: [OWNED], status: 'PENDING', states: expect.objectContaining({ isDocked: false, isPluggedIn: false }) },
    ]);
    await t.homeGraphSync.settled();
    expect(reported()).toMatchObject({ isDocked: false, isRunning: true });
    now += 2 * MIN;
    await t.fleet.advanceDue();
    await t.homeGraphSync.settled();
    expect(reported()).toMatchObject({
      online: true,
      isDocked: true,
      isRunning: false,
      isPluggedIn: true,
    });
    expect((await query(ownerToken, OWNED))[OWNED]).toMatchObject({
      isRunning: false,
      isDocked: true,
      isCharging: true,
    });
    expect((await execute(ownerToken, [OWNED], DOCK)).payload.commands).toEqual([
      { ids: [OWNED], status: 'ERROR', errorCode: 'alreadyDocked' },
    ]);

    // The friend (linked too) does not see the owner's own mower: nothing reported to it.
    expect(
      fake().reports.some((report) => report.agentUserId === DEMO.friend.id && OWNED in report.payload.devices.states),
    ).toBe(false);
  });

  it("EXECUTE across devices: partial success, and Google's error codes for offline, winter storage, faults", async () => {
    const mixed = await execute(ownerToken, [OWNED, NOT_SHARED], START);
    expect(mixed.payload.commands).toEqual([
      { ids: [OWNED], status: 'PENDING', states: expect.objectContaining({ isRunning: true }) },
      { ids: [NOT_SHARED], status: 'ERROR', errorCode: 'deviceNotFound' },
    ]);
    expect((await t.fleet.view(NOT_SHARED))!.record.state).toBe('docked');

    await t.fleet.report(OWNED, { kind: 'fault', reason: 'stuck' });
    expect((await execute(ownerToken, [OWNED], RESUME)).payload.commands).toEqual([
      { ids: [OWNED], status: 'ERROR', errorCode: 'deviceStuck' },
    ]);
    await t.fleet.report(OWNED, { kind: 'clear' });
    expect((await execute(ownerToken, [OWNED], STOP)).payload.commands).toEqual([
      { ids: [OWNED], status: 'ERROR', errorCode: 'alreadyStopped' },
    ]);

    await t.fleet.report(SHARED, { kind: 'offline' });
    expect((await execute(ownerToken, [SHARED], START)).payload.commands).toEqual([
      { ids: [SHARED], status: 'ERROR', errorCode: 'deviceOffline' },
    ]);
    expect((await query(ownerToken, SHARED))[SHARED]).toMatchObject({
      status: 'OFFLINE',
      online: false,
      errorCode: 'deviceOffline',
    });
    await t.fleet.report(SHARED, { kind: 'online' });

    await t.fleet.report(OWNED, { kind: 'clear' });
    await t.fleet.command(OWNED, 'dock');
    now += 60 * MIN;
    await t.fleet.advanceDue();
    expect((await t.fleet.setWinterMode(OWNED, true))!.result).toBe('ok');
    expect((await execute(ownerToken, [OWNED], START)).payload.commands).toEqual([
      { ids: [OWNED], status: 'ERROR', errorCode: 'deviceTurnedOff' },
    ]);
    await t.fleet.setWinterMode(OWNED, false);

    const unknownCommand = await execute(ownerToken, [OWNED], {
      command: 'action.devices.commands.OnOff',
      params: { on: true },
    });
    expect(unknownCommand.payload.commands).toEqual([
      { ids: [OWNED], status: 'ERROR', errorCode: 'functionNotSupported' },
    ]);
  });

  it('EXECUTE to an offline (asleep) mower is deviceOffline for every command, even one it looks done already: never a silent success', async () => {
    await t.fleet.report(SHARED, { kind: 'offline' });
    const before = (await t.fleet.view(SHARED))!.record;
    expect(before.atStation).toBe(true);
    for (const command of [START, STOP, PAUSE, DOCK]) {
      expect((await execute(ownerToken, [SHARED], command)).payload.commands, command.command).toEqual([
        { ids: [SHARED], status: 'ERROR', errorCode: 'deviceOffline' },
      ]);
    }
    // With a mower that is online, the same request succeeds for it alone: Google's partial success.
    expect((await execute(ownerToken, [SHARED, OWNED], DOCK)).payload.commands).toEqual([
      { ids: [SHARED], status: 'ERROR', errorCode: 'deviceOffline' },
      expect.objectContaining({ ids: [OWNED] }),
    ]);
    expect((await t.fleet.view(SHARED))!.record).toMatchObject({ state: before.state, online: false });
    await t.fleet.report(SHARED, { kind: 'online' });
  });

  it('a mower that goes offline is online: false at HomeGraph within 5 minutes, even when Google missed the change; back online, online: true', async () => {
    await forgetHomeGraph();
    const reported = () =>
      fake()
        .reports.filter((report) => report.agentUserId === DEMO.owner.id && OWNED in report.payload.devices.states)
        .map((report) => report.payload.devices.states[OWNED]!);
    // Google is out of reach as the mower drops off: that Report State is lost, and an offline mower changes no more.
    fake().down = true;
    await t.fleet.report(OWNED, { kind: 'offline' });
    await t.homeGraphSync.settled();
    fake().down = false;
    expect(reported()).toEqual([]);
    expect((await query(ownerToken, OWNED))[OWNED]).toMatchObject({
      status: 'OFFLINE',
      errorCode: 'deviceOffline',
      online: false,
      isRunning: false,
    });

    // The retry sweep, on its own timer, sends the state as it is then.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      t.homeGraphSync.start();
      expect(REPORT_RETRY_MS).toBeLessThan(5 * MIN);
      await vi.advanceTimersByTimeAsync(REPORT_RETRY_MS);
      await t.homeGraphSync.settled();
      expect(reported()).toEqual([expect.objectContaining({ online: false, isRunning: false, isCharging: false })]);
      // Once through, nothing more is sent for it.
      await vi.advanceTimersByTimeAsync(3 * REPORT_RETRY_MS);
      await t.homeGraphSync.settled();
      expect(reported()).toHaveLength(1);
    } finally {
      await t.homeGraphSync.stop();
      vi.useRealTimers();
    }

    // Back online while Google is out of reach again: the next sweep tells it.
    fake().down = true;
    await t.fleet.report(OWNED, { kind: 'online' });
    await t.homeGraphSync.settled();
    fake().down = false;
    expect(reported()).toHaveLength(1);
    await t.homeGraphSync.retryUnsent();
    await t.homeGraphSync.settled();
    expect(reported().at(-1)).toMatchObject({ online: true });
    expect((await query(ownerToken, OWNED))[OWNED]).toMatchObject({ status: 'SUCCESS', online: true });
  });

  it('takes only tokens issued to the Google client; bad requests get protocolError and change nothing', async () => {
    expect((await fulfil(undefined, syncRequest)).statusCode).toBe(401);
    expect((await fulfil('not-a-token-but-long-enough', syncRequest)).statusCode).toBe(401);
    const session = (await t.signIn()).authorization.slice('Bearer '.length);
    expect((await fulfil(session, syncRequest)).statusCode).toBe(401);
    const alexa = await link(ALEXA);
    const refused = await fulfil(alexa, executeRequest([OWNED], START));
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toContain('invalid_token');

    const before = (await t.fleet.view(OWNED))!.record.state;
    for (const body of [
      {},
      { requestId: 'r1', inputs: [] },
      { requestId: 'r1', inputs: [{ intent: 'action.devices.REBOOT' }] },
      {
        requestId: 'r1',
        inputs: [{ intent: 'action.devices.EXECUTE', payload: { commands: [{ devices: [{ id: OWNED }] }] } }],
      },
    ]) {
      const response = await fulfil(ownerToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorResponseSchema.parse(response.json()).payload.errorCode).toBe('protocolError');
    }
    expect((await t.fleet.view(OWNED))!.record.state).toBe(before);
    // Unauthenticated and malformed: 401, not a hint about the body.
    expect((await fulfil(undefined, {})).statusCode).toBe(401);
  });

  it('Request Sync when a share ends or is accepted, for the accounts linked to Google only', async () => {
    await forgetHomeGraph();
    const owner = await t.signIn();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/sharing/mowers/${SHARED}/shares/me`,
      headers: owner,
    });
    expect(removed.statusCode).toBe(204);
    await t.homeGraphSync.settled();
    expect(fake().syncs).toEqual([{ agentUserId: DEMO.owner.id, async: true }]);
    const sync = await answer(syncResponseSchema, ownerToken, syncRequest);
    expect(sync.payload.devices.map((device) => device.id)).toEqual([OWNED]);
    expect((await query(ownerToken, SHARED))[SHARED]).toEqual({ status: 'ERROR', errorCode: 'deviceNotFound' });

    // The owner accepts the friend's pending invitation to the orchard: its list grows, Google hears of it.
    await forgetHomeGraph();
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/sharing/invitations/${DEMO.invitations.pending}/accept`,
      headers: owner,
    });
    expect(accepted.statusCode).toBe(200);
    await t.homeGraphSync.settled();
    expect(fake().syncs).toEqual([{ agentUserId: DEMO.owner.id, async: true }]);
    expect(
      (await answer(syncResponseSchema, ownerToken, syncRequest)).payload.devices.map((device) => device.id),
    ).toEqual([OWNED, NOT_SHARED]);
    // A repeated accept (double tap) changes nothing and asks for nothing.
    await forgetHomeGraph();
    await t.app.inject({
      method: 'POST',
      url: `/api/sharing/invitations/${DEMO.invitations.pending}/accept`,
      headers: owner,
    });
    await t.homeGraphSync.settled();
    expect(fake().syncs).toEqual([]);
  });

  it('DISCONNECT ends the link: the token stops at once, the link shows not bound, nothing more is reported', async () => {
    const session = await t.signIn(DEMO.friend.email, DEMO.friend.password);
    const links = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/voice-links', headers: session })).json<{
        links: { platform: string; bound: boolean }[];
      }>().links;
    expect((await links()).find((item) => item.platform === 'google')!.bound).toBe(true);

    const response = await fulfil(friendToken, disconnectRequest);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect((await links()).find((item) => item.platform === 'google')!.bound).toBe(false);
    expect((await fulfil(friendToken, syncRequest)).statusCode).toBe(401);

    await forgetHomeGraph();
    await t.fleet.command(NOT_SHARED, 'start');
    await t.homeGraphSync.settled();
    expect(fake().reports.filter((report) => report.agentUserId === DEMO.friend.id)).toEqual([]);
  });

  it("unlinking from our screen stops both sides at once: no more Report State, Google's token refused", async () => {
    const owner = await t.signIn();
    expect((await fulfil(ownerToken, syncRequest)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/voice-links/google', headers: owner })).statusCode).toBe(
      204,
    );
    expect((await fulfil(ownerToken, queryRequest(OWNED))).statusCode).toBe(401);
    await forgetHomeGraph();
    await t.fleet.command(OWNED, 'start');
    await t.homeGraphSync.settled();
    // No Request Sync either: Google learns of the unlink when its token and refresh token are refused.
    expect(fake().reports).toEqual([]);
    expect(fake().syncs).toEqual([]);
  });
});
