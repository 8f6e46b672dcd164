import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import {
  linkHomeAssistant,
  SDK_STATE,
  sdkBattery,
  sdkCommandError,
  sdkRequest,
  sendCommandBody,
  tokenEndpoint,
  type TokenReply,
} from '../../testing/navimow-test-client.ts';

const MIN = 60_000;
const OWNED = DEMO.mowers.owned.serial;
const SHARED = DEMO.mowers.shared.serial;
const NOT_SHARED = DEMO.mowers.notShared.serial;

describe.each(testDatabaseKinds)('the Navimow-compatible API on %s', (kind) => {
  let t: TestApp;
  let now = Date.parse('2026-06-01T08:00:00.000Z');
  let owner: TokenReply;

  beforeAll(async () => {
    // The protocol, command after command on a clock that stands still: the budget has its own tests (command-budget.test.ts).
    t = await createTestApp(
      kind,
      { commandLimits: { perMowerPerMinute: 1000, perAccountPerMinute: 1000 } },
      { clock: { now: () => now } },
    );
    await t.app.ready();
    owner = await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password });
  });
  afterAll(() => t.close());

  const status = async (token: string, id: string) => {
    const response = await sdkRequest(t.app, token, 'POST', '/openapi/smarthome/getVehicleStatus', {
      devices: [{ id }],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(1);
    return body.data.payload.devices.find((device: { id: string }) => device.id === id);
  };
  const send = async (token: string, id: string, command: Parameters<typeof sendCommandBody>[1]) => {
    const response = await sdkRequest(
      t.app,
      token,
      'POST',
      '/openapi/smarthome/sendCommands',
      sendCommandBody(id, command),
    );
    return { statusCode: response.statusCode, body: response.json() };
  };

  it('links like Home Assistant through /openapi/oauth/getAccessToken; a refresh there has expires_in and rotates', async () => {
    expect(owner).toMatchObject({
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      refresh_token: expect.any(String),
    });
    const refresh = await tokenEndpoint(t.app, { grant_type: 'refresh_token', refresh_token: owner.refresh_token });
    expect(refresh.statusCode).toBe(200);
    const rotated = refresh.json<TokenReply>();
    expect(rotated.expires_in).toBeGreaterThanOrEqual(360);
    expect(rotated.refresh_token).not.toBe(owner.refresh_token);
    expect(rotated.access_token).not.toBe(owner.access_token);
    owner = rotated;
  });

  it("lists the account's mowers, the shared one included, as Device.from_dict reads them", async () => {
    const response = await sdkRequest(t.app, owner.access_token, 'GET', '/openapi/smarthome/authList');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 1, desc: expect.any(String) });
    expect(body.data.payload.devices).toEqual([
      expect.objectContaining({
        id: OWNED,
        serial_number: OWNED,
        name: DEMO.mowers.owned.name,
        model: DEMO.mowers.owned.model,
        online: true,
        firmware_version: expect.any(String),
      }),
      expect.objectContaining({
        id: SHARED,
        serial_number: SHARED,
        name: DEMO.mowers.shared.name,
        model: DEMO.mowers.shared.model,
        online: true,
      }),
    ]);
  });

  it('reads status and battery, and the state follows start, pause, resume and dock', async () => {
    let owned = await status(owner.access_token, OWNED);
    expect(SDK_STATE[owned.status]).toBe('docked');
    expect(sdkBattery(owned)).toBe(92);
    expect(owned.capacityRemaining).toEqual([{ unit: 'PERCENTAGE', rawValue: 92 }]);
    expect(owned.error_code).toBe('none');

    const start = await send(owner.access_token, OWNED, 'start');
    expect(start.statusCode).toBe(200);
    expect(start.body.code).toBe(1);
    expect(start.body.data.payload.commands).toEqual([expect.objectContaining({ ids: [OWNED], status: 'SUCCESS' })]);
    now += 10 * MIN;
    owned = await status(owner.access_token, OWNED);
    expect(SDK_STATE[owned.status]).toBe('mowing');
    expect(owned.battery).toBe(82);
    expect(owned.mowing_time).toBe(600);
    expect(owned.position).toEqual({ lat: expect.any(Number), lng: expect.any(Number) });

    await send(owner.access_token, OWNED, 'pause');
    expect(SDK_STATE[(await status(owner.access_token, OWNED)).status]).toBe('paused');
    await send(owner.access_token, OWNED, 'resume');
    expect(SDK_STATE[(await status(owner.access_token, OWNED)).status]).toBe('mowing');
    await send(owner.access_token, OWNED, 'dock');
    expect(SDK_STATE[(await status(owner.access_token, OWNED)).status]).toBe('returning');
    now += 2 * MIN;
    expect(SDK_STATE[(await status(owner.access_token, OWNED)).status]).toBe('docked');
  });

  it('answers a repeat with alreadyInState, which the sdk takes as success, and changes nothing', async () => {
    const first = await send(owner.access_token, SHARED, 'dock');
    expect(first.body.data.payload.commands[0]).toMatchObject({ status: 'ERROR', errorCode: 'alreadyInState' });
    await send(owner.access_token, SHARED, 'start');
    const retry = await send(owner.access_token, SHARED, 'start');
    expect(retry.statusCode).toBe(200);
    expect(retry.body.data.payload.commands[0]).toMatchObject({ status: 'ERROR', errorCode: 'alreadyInState' });
    const started = await t.db
      .selectFrom('messages')
      .select('id')
      .where('mower_serial', '=', SHARED)
      .where('type', '=', 'mowingStarted')
      .where('id', 'not like', 'demo-%')
      .execute();
    expect(started).toHaveLength(1);
    const refused = await send(owner.access_token, SHARED, 'resume');
    expect(refused.body.data.payload.commands[0]).toMatchObject({ status: 'ERROR', errorCode: 'alreadyInState' });
    await send(owner.access_token, SHARED, 'stop');
  });

  it('says why a command cannot be done: offline (or asleep), fault', async () => {
    await t.fleet.report(SHARED, { kind: 'offline' });
    expect(await status(owner.access_token, SHARED)).toMatchObject({ online: false, status: 'Offline' });
    expect((await send(owner.access_token, SHARED, 'start')).body.data.payload.commands[0]).toMatchObject({
      status: 'ERROR',
      errorCode: 'deviceOffline',
    });
    // Every command, even one the mower looks done with (dock, stop on its station): the sdk raises MowerAPIError with
    // the code, which Home Assistant shows, instead of taking alreadyInState as done.
    for (const command of ['start', 'stop', 'pause', 'resume', 'dock'] as const) {
      expect(sdkCommandError((await send(owner.access_token, SHARED, command)).body), command).toBe('deviceOffline');
    }
    await t.fleet.report(SHARED, { kind: 'online' });
    expect(sdkCommandError((await send(owner.access_token, SHARED, 'dock')).body)).toBeUndefined();
    await t.fleet.report(SHARED, { kind: 'fault', reason: 'lifted' });
    const lifted = await status(owner.access_token, SHARED);
    expect(lifted).toMatchObject({ status: 'Error', error_code: 'lifted', fault_code: 'E-105' });
    expect((await send(owner.access_token, SHARED, 'start')).body.data.payload.commands[0]).toMatchObject({
      status: 'ERROR',
      errorCode: 'deviceLifted',
    });
    await t.fleet.report(SHARED, { kind: 'clear' });
  });

  it("keeps another account's mower out of reach: list, status, commands", async () => {
    const list = await sdkRequest(t.app, owner.access_token, 'GET', '/openapi/smarthome/authList');
    expect(list.json().data.payload.devices.map((device: { id: string }) => device.id)).not.toContain(NOT_SHARED);
    for (const [endpoint, body] of [
      ['/openapi/smarthome/getVehicleStatus', { devices: [{ id: NOT_SHARED }] }],
      ['/openapi/smarthome/sendCommands', sendCommandBody(NOT_SHARED, 'start')],
      ['/openapi/smarthome/getVehicleStatus', { devices: [{ id: 'NVM-NO-SUCH' }] }],
    ] as const) {
      const response = await sdkRequest(t.app, owner.access_token, 'POST', endpoint, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, desc: expect.any(String) });
    }
    const statuses = await sdkRequest(t.app, owner.access_token, 'POST', '/openapi/smarthome/getVehicleStatus', {
      devices: [{ id: SHARED }, { id: NOT_SHARED }, { id: OWNED }, { id: 'NVM-NO-SUCH' }],
    });
    expect(statuses.statusCode).toBe(200);
    expect(statuses.json().data.payload.devices.map((device: { id: string }) => device.id)).toEqual([SHARED, OWNED]);
    expect(statuses.json().data.payload.notFound).toEqual([NOT_SHARED, 'NVM-NO-SUCH']);
    const before = await t.db
      .selectFrom('mowers')
      .select(['state', 'state_version'])
      .where('serial_number', '=', NOT_SHARED)
      .executeTakeFirstOrThrow();
    const mixed = await sdkRequest(t.app, owner.access_token, 'POST', '/openapi/smarthome/sendCommands', {
      commands: [
        { devices: [{ id: NOT_SHARED }, { id: OWNED }], execution: { command: 'action.devices.commands.Dock' } },
      ],
    });
    expect(mixed.json().data.payload.commands).toEqual([
      { ids: [NOT_SHARED], status: 'ERROR', errorCode: 'deviceNotFound' },
      expect.objectContaining({ ids: [OWNED] }),
    ]);
    expect(
      await t.db
        .selectFrom('mowers')
        .select(['state', 'state_version'])
        .where('serial_number', '=', NOT_SHARED)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it('answers bad tokens, missing scopes and bad input in the envelope with the right status', async () => {
    const bad = await sdkRequest(t.app, 'x'.repeat(43), 'GET', '/openapi/smarthome/authList');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ code: 4005, desc: expect.any(String) });

    const reader = await linkHomeAssistant(t.app, {
      account: DEMO.owner.email,
      password: DEMO.owner.password,
      scope: 'mower:read',
    });
    expect((await sdkRequest(t.app, reader.access_token, 'GET', '/openapi/smarthome/authList')).statusCode).toBe(200);
    const command = await sdkRequest(
      t.app,
      reader.access_token,
      'POST',
      '/openapi/smarthome/sendCommands',
      sendCommandBody(OWNED, 'start'),
    );
    expect(command.statusCode).toBe(403);
    expect(command.json().code).toBe(403);

    for (const body of [
      {},
      { devices: [] },
      { devices: [{ id: 42 }] },
      { commands: [{ devices: [{ id: OWNED }], execution: { command: 'action.devices.commands.Explode' } }] },
      {
        commands: [
          {
            devices: [{ id: OWNED }],
            execution: { command: 'action.devices.commands.StartStop', params: { on: 'yes' } },
          },
        ],
      },
    ]) {
      const endpoint = 'commands' in body ? '/openapi/smarthome/sendCommands' : '/openapi/smarthome/getVehicleStatus';
      const response = await sdkRequest(t.app, owner.access_token, 'POST', endpoint, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, desc: expect.any(String) });
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/openapi/smarthome/getVehicleStatus',
      headers: { authorization: `Bearer ${owner.access_token}`, 'content-type': 'application/json' },
      payload: '{"devices": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe(400);
  });

  it("works with the app's own token too", async () => {
    const response = await sdkRequest(
      t.app,
      (await t.signIn()).authorization.slice('Bearer '.length),
      'GET',
      '/openapi/smarthome/authList',
    );
    expect(response.json().data.payload.devices).toHaveLength(2);
  });
});
