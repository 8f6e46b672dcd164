import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../db/seed.ts';
import { createTestApp, listeningMqtt, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { startTlsProxy, type TlsProxy } from '../../testing/tls-proxy.ts';
import {
  grants,
  homeAssistantMqtt,
  inbox,
  linkHomeAssistant,
  type MqttUserInfo,
  navimowSdkConnection,
  SDK_STATE,
  sdkCommandError,
  sdkRequest,
  sendCommandBody,
} from '../../testing/navimow-test-client.ts';

const OWNED = DEMO.mowers.owned.serial;
const SHARED = DEMO.mowers.shared.serial;
const topic = (serial: string, channel: string) => `/downlink/vehicle/${serial}/realtimeDate/${channel}`;
const CHANNELS = ['state', 'event', 'attributes'] as const;

/** navimow-sdk's `NavimowSDK` as Home Assistant runs it: connected with the derived parameters, subscribed per device. */
async function homeAssistant(
  info: MqttUserInfo,
  accessToken: string,
  { ca, entryPort }: { ca?: string; entryPort?: number } = {},
) {
  const params = homeAssistantMqtt(info, accessToken, entryPort === undefined ? {} : { mqtt_port: entryPort });
  const { url, options } = navimowSdkConnection(params);
  const client = await mqtt.connectAsync(url, {
    ...options,
    ...(ca && { ca }),
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  const box = inbox(client);
  // `NavimowMQTT.subscribe_all`: the three topics of every device of authList.
  const granted = await grants(
    client,
    [OWNED, SHARED].flatMap((serial) => CHANNELS.map((channel) => topic(serial, channel))),
  );
  return { client, url, clientId: options.clientId, granted, received: box.messages, next: box.next };
}
type HomeAssistant = Awaited<ReturnType<typeof homeAssistant>>;

/** A GET through the TLS proxy, as navimow-sdk's `MowerAPI` sends it. */
function getThroughProxy(
  proxy: TlsProxy,
  path: string,
  token: string,
): Promise<{ status: number; body: { code: number; data: MqttUserInfo } }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      {
        host: 'localhost',
        port: proxy.port,
        path,
        ca: proxy.ca,
        headers: { authorization: `Bearer ${token}`, requestId: 'proxied' },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as { code: number; data: MqttUserInfo } }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe.each(testDatabaseKinds)("Home Assistant's live state, connected as its code connects, on %s", (kind) => {
  /** The default set-up: plain http, the embedded broker on TCP. */
  let direct: TestApp;
  let directToken: string;
  /** Behind an HTTPS reverse proxy: TLS ends at the proxy, which forwards the API and the /mqtt WebSocket. */
  let proxied: TestApp;
  let proxiedToken: string;
  let proxy: TlsProxy;
  const open: MqttClient[] = [];

  beforeAll(async () => {
    direct = await createTestApp(kind, { mqtt: listeningMqtt() });
    await direct.app.ready();
    directToken = (await linkHomeAssistant(direct.app, { account: DEMO.owner.email, password: DEMO.owner.password }))
      .access_token;

    // The proxy starts first: the app's public origin is the proxy's, on its free port.
    proxy = await startTlsProxy();
    proxied = await createTestApp(kind, {
      publicUrl: `https://localhost:${proxy.port}`,
      trustProxy: ['loopback'],
      mqtt: listeningMqtt({ port: undefined }),
    });
    await proxied.app.listen({ port: 0, host: '127.0.0.1' });
    proxy.forwardTo((proxied.app.server.address() as AddressInfo).port);
    proxiedToken = (await linkHomeAssistant(proxied.app, { account: DEMO.owner.email, password: DEMO.owner.password }))
      .access_token;
  });
  afterAll(async () => {
    await Promise.all(open.map((client) => client.endAsync(true)));
    await proxy.close();
    await proxied.close();
    await direct.close();
  });

  async function directUserInfo(): Promise<MqttUserInfo> {
    const response = await sdkRequest(direct.app, directToken, 'GET', '/openapi/mqtt/userInfo/get/v2');
    expect(response.json().code).toBe(1);
    return response.json().data;
  }

  async function proxiedUserInfo(): Promise<MqttUserInfo> {
    const response = await getThroughProxy(proxy, '/openapi/mqtt/userInfo/get/v2', proxiedToken);
    expect(response).toMatchObject({ status: 200, body: { code: 1 } });
    return response.body.data;
  }

  const connectDirect = async () => {
    // Home Assistant connects to its config entry's port (1883 as created, mqttPort unread: mqtt-endpoint.test.ts);
    // here the entry names the test broker's free port, as an entry edited for this server would name 1883.
    const ha = await homeAssistant(await directUserInfo(), directToken, { entryPort: direct.mqttPort() });
    open.push(ha.client);
    return ha;
  };
  const connectProxied = async () => {
    const ha = await homeAssistant(await proxiedUserInfo(), proxiedToken, { ca: proxy.ca });
    open.push(ha.client);
    return ha;
  };

  /** The state, event and attributes a Home Assistant connection gets: the current state at once, then each change. */
  async function expectLiveState(ha: HomeAssistant, app: TestApp['app'], token: string) {
    expect(ha.granted).toEqual([0, 0, 0, 0, 0, 0]);
    const retained = await ha.next((message) => message.topic === topic(OWNED, 'state'));
    expect(retained.retain).toBe(true);
    expect(retained.payload).toMatchObject({ device_id: OWNED, battery: expect.any(Number) });
    const attributes = await ha.next((message) => message.topic === topic(SHARED, 'attributes'));
    expect(attributes.payload.attributes).toMatchObject({
      serial_number: SHARED,
      name: DEMO.mowers.shared.name,
      model: DEMO.mowers.shared.model,
    });

    const start = await sdkRequest(
      app,
      token,
      'POST',
      '/openapi/smarthome/sendCommands',
      sendCommandBody(OWNED, 'start'),
    );
    expect(sdkCommandError(start.json())).toBeUndefined();
    const event = await ha.next(
      (message) => message.topic === topic(OWNED, 'event') && message.payload.event === 'mowingStarted',
    );
    expect(event.payload).toMatchObject({ device_id: OWNED, type: 'workLog', timestamp: expect.any(Number) });
    const live = await ha.next(
      (message) => message.topic === topic(OWNED, 'state') && message.payload.state === 'isRunning',
    );
    expect(SDK_STATE[live.payload.state as string]).toBe('mowing');
    await sdkRequest(app, token, 'POST', '/openapi/smarthome/sendCommands', sendCommandBody(OWNED, 'dock'));
    await ha.next((message) => message.topic === topic(OWNED, 'state') && message.payload.state === 'isDocking');
  }

  it("plain http: TCP to mqttHost, with the sdk's client id; state, event and attributes arrive", async () => {
    const info = await directUserInfo();
    expect(info.mqttUrl).toBeUndefined();
    const ha = await connectDirect();
    expect(ha.url).toBe(`mqtt://127.0.0.1:${direct.mqttPort()}`);
    expect(ha.clientId).toMatch(/^web_nvm_[A-Za-z0-9_-]{16}_[0-9a-f]{10}$/);
    await expectLiveState(ha, direct.app, directToken);
  });

  it('behind the https proxy: a TLS WebSocket to the proxy, the bearer header and the subprotocol mqtt forwarded and accepted', async () => {
    const info = await proxiedUserInfo();
    expect(info).toMatchObject({ mqttHost: 'localhost', mqttUrl: `wss://localhost:${proxy.port}/mqtt` });
    const ha = await connectProxied();
    expect(ha.url).toBe(`wss://localhost:${proxy.port}/mqtt`);
    await expectLiveState(ha, proxied.app, proxiedToken);
    const upgrade = proxy.upgrades.at(-1)!;
    expect(upgrade.url).toBe('/mqtt');
    expect(upgrade.headers).toMatchObject({
      authorization: `Bearer ${proxiedToken}`,
      'sec-websocket-protocol': 'mqtt',
      'x-forwarded-proto': 'https',
    });

    // paho offers only `mqtt`, and must get it back.
    const socket = new WebSocket(`wss://localhost:${proxy.port}/mqtt`, ['mqtt'], {
      ca: proxy.ca,
      headers: { Authorization: `Bearer ${proxiedToken}` },
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    expect(socket.protocol).toBe('mqtt');
    socket.close();
  });

  it('a Home Assistant that connects after changes (restarted) gets the current state first, never an older one', async () => {
    for (const [app, token, connect] of [
      [direct.app, directToken, connectDirect],
      [proxied.app, proxiedToken, connectProxied],
    ] as const) {
      await sdkRequest(app, token, 'POST', '/openapi/smarthome/sendCommands', sendCommandBody(SHARED, 'start'));
      await sdkRequest(app, token, 'POST', '/openapi/smarthome/sendCommands', sendCommandBody(SHARED, 'pause'));
      const ha = await connect();
      const first = await ha.next((message) => message.topic === topic(SHARED, 'state'));
      expect(first).toMatchObject({ retain: true, payload: { state: 'isPaused' } });
      expect(
        ha.received
          .filter((message) => message.topic === topic(SHARED, 'state'))
          .map((message) => message.payload.state),
      ).toEqual(['isPaused']);
      await sdkRequest(app, token, 'POST', '/openapi/smarthome/sendCommands', sendCommandBody(SHARED, 'stop'));
    }
  });

  it("puts a fault on the event topic with its code, where DeviceEventMessage reads it, and in the state's error", async () => {
    const ha = await connectDirect();
    await direct.fleet.report(OWNED, { kind: 'fault', reason: 'stuck' });
    const fault = await ha.next(
      (message) => message.topic === topic(OWNED, 'event') && message.payload.event === 'fault',
    );
    // DeviceEventMessage.from_dict keeps device_id, timestamp, type, event, level, message and params.
    expect(fault.payload).toMatchObject({
      device_id: OWNED,
      type: 'important',
      level: 'critical',
      message: 'The mower is stuck. (E-203)',
      params: { reason: 'stuck', code: 'E-203' },
    });
    const state = await ha.next(
      (message) => message.topic === topic(OWNED, 'state') && message.payload.state === 'Error',
    );
    expect(state.payload.error).toMatchObject({ code: 'stuck', fault_code: 'E-203' });
    await direct.fleet.report(OWNED, { kind: 'clear' });
    const cleared = await ha.next(
      (message) => message.topic === topic(OWNED, 'event') && message.payload.event === 'faultCleared',
    );
    expect(cleared.payload.params).toEqual({ reason: 'stuck', code: 'E-203' });
  });

  it('answers a command to an offline mower with an error, over HTTP and over MQTT; its retained state says Offline', async () => {
    const ha = await connectDirect();
    await direct.fleet.report(SHARED, { kind: 'offline' });
    const offline = await ha.next(
      (message) => message.topic === topic(SHARED, 'state') && message.payload.state === 'Offline',
    );
    expect(SDK_STATE[offline.payload.state as string]).toBe('unknown');
    await ha.next((message) => message.topic === topic(SHARED, 'event') && message.payload.event === 'deviceOffline');
    const start = await sdkRequest(
      direct.app,
      directToken,
      'POST',
      '/openapi/smarthome/sendCommands',
      sendCommandBody(SHARED, 'start'),
    );
    expect(start.statusCode).toBe(200);
    expect(sdkCommandError(start.json())).toBe('deviceOffline');
    // navimow-sdk's own MQTT command (`NavimowSDK.start_mowing`).
    await ha.client.publishAsync(
      `navimow/${SHARED}/command`,
      JSON.stringify({ id: 'cmd-offline', device_id: SHARED, command: 'start_mowing', params: {} }),
    );
    const result = await ha.next((message) => message.payload.event === 'commandResult');
    expect(result.payload.params).toMatchObject({ id: 'cmd-offline', status: 'ERROR', errorCode: 'deviceOffline' });
    expect((await direct.fleet.view(SHARED))?.record.state).toBe('idle');

    const restarted = await connectDirect();
    expect(await restarted.next((message) => message.topic === topic(SHARED, 'state'))).toMatchObject({
      retain: true,
      payload: { state: 'Offline' },
    });
    await direct.fleet.report(SHARED, { kind: 'online' });
  });

  it("stops a former sharer's connection when the share ends: no retained state, no live state, no new subscription", async () => {
    const kept = await connectDirect();
    const wildcard = await connectDirect();
    await kept.next((message) => message.topic === topic(SHARED, 'state'));
    const session = await direct.signIn();
    const end = await direct.app.inject({
      method: 'DELETE',
      url: `/api/sharing/mowers/${SHARED}/shares/me`,
      headers: session,
    });
    expect(end.statusCode).toBe(204);
    // The mower goes on for its owner; the former sharer's open connection hears nothing more of it.
    await direct.fleet.report(SHARED, { kind: 'fault', reason: 'lifted' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      kept.received.filter(
        (message) => message.topic.startsWith(`/downlink/vehicle/${SHARED}/`) && message.payload.event === 'fault',
      ),
    ).toEqual([]);
    // navimow-sdk without a device list subscribes with `+`: the retained state of the former share is not among it.
    wildcard.received.length = 0;
    await wildcard.client.subscribeAsync(CHANNELS.map((channel) => `/downlink/vehicle/+/realtimeDate/${channel}`));
    await wildcard.next((message) => message.topic === topic(OWNED, 'state') && message.retain);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(wildcard.received.map((message) => message.payload.device_id)).not.toContain(SHARED);
    // A restarted Home Assistant with the old device list is refused the topics.
    const restarted = await connectDirect();
    expect(restarted.granted).toEqual([0, 0, 0, 128, 128, 128]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(restarted.received.map((message) => message.payload.device_id)).not.toContain(SHARED);
    await direct.fleet.report(SHARED, { kind: 'clear' });
  });
});
