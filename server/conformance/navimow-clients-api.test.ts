import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { DEMO } from '../db/seed.ts';
import { LIVE_CADENCE } from '../modules/fleet/public.ts';
import { mqttEndpoint } from '../modules/mqtt/public.ts';
import {
  grants,
  inbox,
  linkHomeAssistant,
  type ReceivedMessage,
  sdkRequest,
  sendCommandBody,
} from '../testing/navimow-test-client.ts';
import { createTestApp, listeningMqtt, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKinds } from '../testing/test-database.ts';

/**
 * The public Navimow clients other than Home Assistant's link, replayed from their source against the API and the
 * broker: what each sends, and what it reads of the answers, as it reads it.
 * - ioBroker.navimow 1.1.1, `main.js`: `getDeviceList`, `connectMqtt` (the broker URL from `userInfo`, four topics a
 *   mower, keepalive 60), `handleMqttMessage` (location: an array, overtaken and all-zero readings dropped, the last
 *   one into `location.*`), `sendMowerCommand` (`payload.commands[].status`), `checkLocationWatchdog` (a reconnect
 *   once a mowing mower has sent no location for `LOCATION_STALE_MS`).
 * - homebridge-navimow 0.1.8, `src/navimow-api.ts` and `src/bridge-client.ts`: `getMqttConnectionInfo`,
 *   `extractTrackedCommandDevices`, `queryCommandResults`, `commandResultsComplete`.
 * - LoxBerry's Navimow plugin 1.0.3, `bin/navimow_gateway.py`: `NavimowCloudMQTT._parse_endpoint` (always port 443),
 *   `_on_cloud_message` (a message's last reading), `task_cloud_mqtt_watchdog` (120 s of silence while active).
 * - navimow-sdk 0.1.2, `mower_sdk/api.py`: `async_send_command`, `async_query_command_results`; NavimowHA 1.1.0
 *   `coordinator.py` (`MQTT_STALE_SECONDS` 300) and its open fixes #48 and #60 (90 s, state only).
 */
const OWNED = DEMO.mowers.owned.serial;
const topic = (channel: string) => `/downlink/vehicle/${OWNED}/realtimeDate/${channel}`;
const CHANNELS = ['state', 'event', 'attributes', 'location'];

/** ioBroker's `connectMqtt`: the URL it connects to from `userInfo`'s `data`. */
function ioBrokerBrokerUrl(info: { mqttHost?: string; mqttUrl?: string }) {
  let host = info.mqttHost || 'mqtt.navimow.com';
  try {
    host = new URL(host).hostname || host;
  } catch {
    // already a plain host name
  }
  if (!info.mqttUrl) return `mqtt://${host}:1883`;
  try {
    const parsed = new URL(info.mqttUrl);
    const scheme = parsed.protocol === 'wss:' ? 'wss' : 'ws';
    return `${scheme}://${parsed.hostname || host}:${parsed.port || (scheme === 'wss' ? 443 : 80)}${parsed.pathname}`;
  } catch {
    return `wss://${host}:443${info.mqttUrl}`;
  }
}

/** homebridge-navimow's `getMqttConnectionInfo` with `buildWebsocketBrokerUrl`. */
function homebridgeBrokerUrl(info: { mqttHost?: string; mqttPort?: number; mqttUrl?: string }) {
  const strip = (value: string) => value.replace(/^[a-z]+:\/\//i, '').replace(/\/$/, '');
  if (info.mqttUrl) {
    try {
      const parsed = new URL(info.mqttUrl);
      if (parsed.protocol === 'ws:' || parsed.protocol === 'wss:') return parsed.toString();
    } catch {
      // only the path: below
    }
    if (info.mqttHost) {
      const path = info.mqttUrl.startsWith('/') ? info.mqttUrl : `/${info.mqttUrl}`;
      return `wss://${strip(info.mqttHost)}:${info.mqttPort ?? 443}${path}`;
    }
  }
  const port = info.mqttPort ?? 1883;
  return `${port === 8883 ? 'mqtts' : 'mqtt'}://${strip(info.mqttHost!)}:${port}`;
}

/** LoxBerry's `_parse_endpoint` and `connect`: a TLS WebSocket to port 443 of the host, at the URL's path. */
function loxBerryBrokerUrl(info: { mqttHost?: string; mqttUrl?: string }) {
  let host = info.mqttHost ?? '';
  if (host.includes('://')) host = new URL(host).hostname || host;
  let path = '/';
  if (info.mqttUrl) {
    const parsed = new URL(info.mqttUrl, 'wss://placeholder');
    if (info.mqttUrl.includes('://') && !host) host = parsed.hostname;
    path = parsed.pathname + parsed.search;
  }
  return `wss://${host || 'mqtt-fra.navimow.com'}:443${path}`;
}

describe('where each client connects from userInfo (contract section 6: no mqttPort beside mqttUrl)', () => {
  const answer = (env: Record<string, string>) =>
    mqttEndpoint(
      loadConfig({ NAVIMOW_DEMO: 'on', ...env }).publicUrl,
      loadConfig({ NAVIMOW_DEMO: 'on', ...env }).mqtt,
      1883,
    )!;

  it('on a LAN (plain http): TCP 1883 for ioBroker and homebridge; LoxBerry cannot (it always uses wss on 443)', () => {
    const lan = answer({ PUBLIC_URL: 'http://192.168.1.20:4173', MQTT_HOST: '0.0.0.0' });
    expect(ioBrokerBrokerUrl(lan)).toBe('mqtt://192.168.1.20:1883');
    expect(homebridgeBrokerUrl(lan)).toBe('mqtt://192.168.1.20:1883');
    expect(loxBerryBrokerUrl(lan)).toBe('wss://192.168.1.20:443/');
  });

  it('behind TLS on 443: every client on wss://host:443/mqtt (homebridge would build :1883 from a mqttPort)', () => {
    const cloud = answer({ PUBLIC_URL: 'https://navimow.example', TRUST_PROXY: 'on' });
    expect(cloud).toEqual({ mqttHost: 'navimow.example', mqttUrl: '/mqtt' });
    expect(ioBrokerBrokerUrl(cloud)).toBe('wss://navimow.example:443/mqtt');
    expect(homebridgeBrokerUrl(cloud)).toBe('wss://navimow.example:443/mqtt');
    expect(loxBerryBrokerUrl(cloud)).toBe('wss://navimow.example:443/mqtt');
    // What the fix is for: the TCP port beside the path sends homebridge to a port without TLS.
    expect(homebridgeBrokerUrl({ ...cloud, mqttPort: 1883 })).toBe('wss://navimow.example:1883/mqtt');
  });
});

describe.each(testDatabaseKinds)('the public Navimow clients against the API and the broker on %s', (kind) => {
  let t: TestApp;
  let now = Date.parse('2026-06-01T08:00:00.000Z');
  let token: string;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { mqtt: listeningMqtt() }, { clock: { now: () => now } });
    await t.app.ready();
    token = (await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password })).access_token;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await t.close();
  });

  const request = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    sdkRequest(t.app, token, method, path, body);

  it('authList names firmware as LoxBerry reads it; userInfo a userId that is the same for every token', async () => {
    const devices = (await request('GET', '/openapi/smarthome/authList')).json().data.payload.devices as Record<
      string,
      unknown
    >[];
    const owned = devices.find((device) => device.id === OWNED)!;
    // LoxBerry: firmware_version or firmwareVersion or firmware; the cloud's own name is `firmware`.
    expect(owned.firmware).toBe(owned.firmware_version);
    expect(owned.firmware).toEqual(expect.any(String));
    const first = (await request('GET', '/openapi/mqtt/userInfo/get/v2')).json().data;
    const other = (await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password }))
      .access_token;
    const second = (await sdkRequest(t.app, other, 'GET', '/openapi/mqtt/userInfo/get/v2')).json().data;
    expect(first.userId).toBe(DEMO.owner.id);
    expect(second.userId).toBe(first.userId);
    expect(second.userName).not.toBe(first.userName);
  });

  it('a bad token is a 401 with the cloud code 4005; the clients refresh on the status (ioBroker, LoxBerry, the sdk)', async () => {
    const response = await sdkRequest(t.app, 'not-a-token', 'POST', '/openapi/smarthome/getVehicleStatus', {
      devices: [{ id: OWNED }],
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 4005, data: null });
  });

  it('homebridge and navimow-sdk follow a command by its cmdNum: 2 in progress, then 3 done; a failure says why', async () => {
    const sent = (await request('POST', '/openapi/smarthome/sendCommands', sendCommandBody(OWNED, 'start'))).json();
    expect(sent.code).toBe(1);
    // What ioBroker, LoxBerry and the sdk read: no result is an ERROR other than alreadyInState.
    expect(sent.data.payload.commands).toEqual([expect.objectContaining({ ids: [OWNED], status: 'SUCCESS' })]);
    // homebridge's extractTrackedCommandDevices: payload.commands[].devices[{id, cmdNum}].
    const tracked = (sent.data.payload.commands as { devices?: { id: string; cmdNum: unknown }[] }[]).flatMap(
      (command) => (command.devices ?? []).map((device) => ({ id: String(device.id), cmdNum: String(device.cmdNum) })),
    );
    expect(tracked).toEqual([{ id: OWNED, cmdNum: expect.stringMatching(/^[0-9a-f]{24}$/) }]);
    // The real cloud's shape, which the sdk's async_query_command_results takes as it is.
    expect(sent.data.payload.devices).toEqual(tracked);

    const poll = async (devices: { id: string; cmdNum: string }[]) => {
      const response = await request('POST', '/openapi/smarthome/responseCommands', { devices });
      expect(response.json().code).toBe(1);
      return response.json().data.payload.devices as { id: string; cmdNum: string; status: number }[];
    };
    expect(await poll(tracked)).toEqual([{ ...tracked[0], status: 2 }]);
    now += 2_000;
    expect(await poll(tracked)).toEqual([{ ...tracked[0], status: 3 }]);

    // Stopped, it has nothing to resume.
    await request('POST', '/openapi/smarthome/sendCommands', sendCommandBody(OWNED, 'stop'));
    const failed = (await request('POST', '/openapi/smarthome/sendCommands', sendCommandBody(OWNED, 'resume'))).json()
      .data.payload;
    expect(failed.commands[0]).toMatchObject({ status: 'ERROR', errorCode: 'actionNotAvailable' });
    now += 2_000;
    expect(await poll(failed.devices)).toEqual([{ ...failed.devices[0], status: 4, errorCode: 'actionNotAvailable' }]);

    // Another account's poll of these numbers finds nothing.
    const friend = (await linkHomeAssistant(t.app, { account: DEMO.friend.email, password: DEMO.friend.password }))
      .access_token;
    const stranger = await sdkRequest(t.app, friend, 'POST', '/openapi/smarthome/responseCommands', {
      devices: tracked,
    });
    expect(stranger.json().data.payload.devices).toEqual([]);
    // The mower goes home: the next start is a new job.
    await request('POST', '/openapi/smarthome/sendCommands', sendCommandBody(OWNED, 'dock'));
    now += 120_000;
    await t.fleet.advanceDue();
  });

  it('keeps every client’s watchdog quiet through 270 s of mowing, 200 s paused and 300 s docked, with positions and progress', async () => {
    const info = (await request('GET', '/openapi/mqtt/userInfo/get/v2')).json().data;
    // ioBroker's client (keepalive 60, a random client id after `web_<user name>_`), its four topics a mower.
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.mqttPort()}`, {
      username: info.userName,
      password: info.pwdInfo,
      clientId: `web_${info.userName}_${'0123456789'}`,
      keepalive: 60,
      reconnectPeriod: 0,
    });
    clients.push(client);
    const received = inbox(client);
    expect(await grants(client, CHANNELS.map(topic))).toEqual([0, 0, 0, 0]);

    const timeOf = ({ topic: name, payload }: ReceivedMessage) =>
      name.endsWith('/location')
        ? (payload as unknown as { time: number }[]).at(-1)!.time
        : (payload.timestamp as number);
    const phases: { name: string; from: number; to: number }[] = [];
    async function run(name: string, ms: number) {
      const from = now;
      for (let elapsed = 0; elapsed < ms; elapsed += LIVE_CADENCE.movingMs) {
        now += LIVE_CADENCE.movingMs;
        await t.fleet.advanceDue();
        await t.liveCadence.beat();
      }
      phases.push({ name, from, to: now });
      // The broker writes a connection's packets in order: once this SUBACK is in, so is every message before it.
      await client.subscribeAsync(topic('event'));
    }

    expect(
      (await request('POST', '/openapi/smarthome/sendCommands', sendCommandBody(OWNED, 'start'))).json().code,
    ).toBe(1);
    await run('mowing', 270_000);
    await request('POST', '/openapi/smarthome/sendCommands', sendCommandBody(OWNED, 'pause'));
    await run('paused', 200_000);
    await request('POST', '/openapi/smarthome/sendCommands', sendCommandBody(OWNED, 'dock'));
    await run('docked', 300_000);

    /** The longest time without a matching message within a phase (its start and end count as messages). */
    const longestGap = (phase: string, match: (message: ReceivedMessage) => boolean) => {
      const { from, to } = phases.find((entry) => entry.name === phase)!;
      const times = received.messages
        .filter(match)
        .map(timeOf)
        .filter((at) => at > from && at <= to);
      return Math.max(...[from, ...times, to].map((at, index, all) => (index ? at - all[index - 1]! : 0)));
    };
    const location = (message: ReceivedMessage) => message.topic === topic('location');
    const state = (message: ReceivedMessage) => message.topic === topic('state');
    // ioBroker: a position within LOCATION_STALE_MS (3 min) while vehicleState is isRunning; the real cloud's 2 s.
    expect(longestGap('mowing', location)).toBeLessThanOrEqual(LIVE_CADENCE.movingMs);
    // LoxBerry: any message within 120 s while active (mowing and paused alike).
    for (const phase of ['mowing', 'paused']) expect(longestGap(phase, () => true)).toBeLessThan(120_000);
    // NavimowHA's open fixes: state within 90 s, docked included (1.1.0: 300 s of any message).
    for (const phase of ['mowing', 'paused', 'docked']) expect(longestGap(phase, state)).toBeLessThan(90_000);

    // ioBroker's handleMqttMessage on location: an array; the last fresh, non-placeholder reading fills location.*.
    const readings = received.messages.filter(location).flatMap((message) => message.payload as unknown as object[]);
    const poses = readings.filter((reading) => (reading as { type: number }).type === 1) as Record<string, unknown>[];
    const moving = poses.filter((pose) => pose.postureX !== '0.000' || pose.postureY !== '0.000');
    expect(moving.length).toBeGreaterThan(100);
    for (const pose of moving) {
      expect(Number.isFinite(parseFloat(pose.postureX as string))).toBe(true);
      expect(Number.isFinite(parseFloat(pose.postureY as string))).toBe(true);
      expect(typeof pose.vehicleState).toBe('number');
    }
    // Docked: the cloud's all-zero placeholder, which ioBroker drops and LoxBerry keeps.
    expect(poses.at(-1)).toMatchObject({
      postureX: '0.000',
      postureY: '0.000',
      postureTheta: '0.000',
      vehicleState: 1,
    });
    // The job's start (zones, progress at 0, in messages of their own for LoxBerry's last-reading parse), then
    // about once a percent (500 m² at 6 m² a minute: a percent in 50 s).
    const progress = received.messages
      .filter(location)
      .map((message) => (message.payload as unknown as Record<string, unknown>[]).at(-1)!)
      .filter((reading) => reading.type === 2);
    expect(progress[0]).toMatchObject({ mowingPercentage: 0, subtotalArea: '0.00' });
    expect(progress.map((reading) => reading.mowingPercentage)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(readings).toContainEqual(expect.objectContaining({ type: 3, partitionIds: [1] }));
  });
});
