import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aedes } from 'aedes';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MowerStatusDto } from '../../../common/fleet.ts';
import { type BuiltApp, buildApp } from '../../app.ts';
import type { Db } from '../../db/database.ts';
import { DEMO } from '../../db/seed.ts';
import { testConfig } from '../../testing/test-app.ts';
import { createTestDatabase, testDatabaseKinds } from '../../testing/test-database.ts';
import { startTlsProxy } from '../../testing/tls-proxy.ts';
import {
  homeAssistantMqtt,
  inbox,
  type MqttUserInfo,
  navimowSdkConnection,
} from '../../testing/navimow-test-client.ts';

const OWNED = DEMO.mowers.owned.serial;
const NOT_SHARED = DEMO.mowers.notShared.serial;
const MOSQUITTO = process.env.MOSQUITTO_PATH ?? '/usr/sbin/mosquitto';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitForPort(port: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(true)).on('error', () => resolve(false));
      socket.unref();
      setTimeout(() => socket.destroy(), 200);
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}

/** Debian's Mosquitto on `port`, anonymous; stopped as an operator stops it (SIGTERM: it saves what it persists). */
function mosquitto(dir: string, config: string, port: number) {
  writeFileSync(join(dir, 'mosquitto.conf'), config);
  let child: ChildProcess | undefined;
  return {
    async start() {
      child = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
      await waitForPort(port);
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The external broker: Debian's Mosquitto when it is installed (bin/test installs it), anonymous on a free port
 * (its auth plugin, mosquitto-go-auth, is not a Debian package: the checks it would call are tested below
 * through their HTTP routes); else a second aedes on TCP standing in for it.
 */
async function startBroker(): Promise<{ port: number; webSocketPort?: number; kind: string; stop(): Promise<void> }> {
  const port = await freePort();
  if (existsSync(MOSQUITTO)) {
    const webSocketPort = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'navimow-mosquitto-'));
    const child = mosquitto(
      dir,
      `per_listener_settings false\nallow_anonymous true\npersistence false\nlistener ${port} 127.0.0.1\nlistener ${webSocketPort} 127.0.0.1\nprotocol websockets\n`,
      port,
    );
    await child.start();
    await waitForPort(webSocketPort);
    return {
      port,
      webSocketPort,
      kind: 'Mosquitto',
      async stop() {
        await child.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const broker = await Aedes.createBroker();
  const server = createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    kind: 'aedes',
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

/** The status events of a page's live stream, read by hand. */
async function liveStream(base: string, serial: string, authorization: string) {
  const ticket = await fetch(`${base}/api/mowers/${serial}/live-tickets`, {
    method: 'POST',
    headers: { authorization },
  });
  const { ticket: value } = (await ticket.json()) as { ticket: string };
  const controller = new AbortController();
  const response = await fetch(`${base}/api/mowers/${serial}/live?ticket=${value}`, { signal: controller.signal });
  const statuses: MowerStatusDto[] = [];
  void (async () => {
    let buffer = '';
    try {
      for await (const chunk of response.body!.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = /^data: (.*)$/m.exec(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (data) statuses.push(JSON.parse(data[1]!) as MowerStatusDto);
        }
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  return { statuses, close: () => controller.abort() };
}

describe('two server processes behind one external MQTT broker (MQTT_URL)', () => {
  let broker: Awaited<ReturnType<typeof startBroker>>;
  let db: Db;
  let destroy: () => Promise<void>;
  const apps: BuiltApp[] = [];
  const bases: string[] = [];
  let url: string;

  beforeAll(async () => {
    broker = await startBroker();
    ({ db, destroy } = await createTestDatabase('sqlite'));
    url = `mqtt://navimow-server:server-secret@127.0.0.1:${broker.port}`;
    const base = testConfig({ simulator: true });
    for (let index = 0; index < 2; index++) {
      const built = await buildApp({
        db,
        config: { ...base, mqtt: { ...base.mqtt, port: 0, publicPort: undefined, externalUrl: url } },
      });
      bases.push(await built.app.listen({ port: 0, host: '127.0.0.1' }));
      apps.push(built);
    }
  });
  afterAll(async () => {
    for (const { app } of apps) await app.close();
    await destroy();
    await broker.stop();
  });

  const signIn = async (app: FastifyInstance) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: DEMO.owner.email, password: DEMO.owner.password },
    });
    return `Bearer ${response.json<{ access_token: string }>().access_token}`;
  };

  it("a change committed by one process reaches the MQTT subscribers and the other process's pages", async () => {
    const [a, b] = apps as [BuiltApp, BuiltApp];
    const authorization = await signIn(a.app);
    const subscriber = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`);
    const states: Record<string, unknown>[] = [];
    subscriber.on('message', (_topic, payload) =>
      states.push(JSON.parse(payload.toString()) as Record<string, unknown>),
    );
    await subscriber.subscribeAsync(`/downlink/vehicle/${OWNED}/realtimeDate/state`);

    const onB = await liveStream(bases[1]!, OWNED, authorization);
    await expect.poll(() => onB.statuses.length).toBe(1);
    expect(b.liveFeed.streams).toBe(1);

    const fault = await a.app.inject({
      method: 'POST',
      url: `/api/simulator/mowers/${OWNED}/report`,
      headers: { authorization },
      payload: { kind: 'fault', reason: 'stuck' },
    });
    expect(fault.statusCode).toBe(200);
    await expect.poll(() => onB.statuses.at(-1)).toMatchObject({ state: 'error', error_reason: 'stuck' });
    await expect
      .poll(() => states.at(-1))
      .toMatchObject({ device_id: OWNED, state: 'Error', error: { reason: 'stuck' } });

    await b.app.inject({
      method: 'POST',
      url: `/api/simulator/mowers/${OWNED}/report`,
      headers: { authorization },
      payload: { kind: 'clear' },
    });
    await expect.poll(() => onB.statuses.at(-1)).toMatchObject({ state: 'docked' });
    onB.close();
    await subscriber.endAsync();
  });

  it('tells clients to connect to the external broker, and opens no MQTT port of its own', async () => {
    const [a] = apps as [BuiltApp];
    const response = await a.app.inject({
      method: 'GET',
      url: '/openapi/mqtt/userInfo/get/v2',
      headers: { authorization: await signIn(a.app) },
    });
    expect(response.json().data).toMatchObject({ mqttPort: broker.port });
    expect(a.mqttPort()).toBeUndefined();
  });

  it.runIf(existsSync(MOSQUITTO))(
    "sends Home Assistant behind https to the broker's WebSocket through the proxy (docs/mqtt.md)",
    async () => {
      const proxy = await startTlsProxy();
      try {
        const base = testConfig({ simulator: true });
        const built = await buildApp({
          db,
          config: {
            ...base,
            publicUrl: `https://localhost:${proxy.port}`,
            trustProxy: ['loopback'],
            mqtt: { ...base.mqtt, port: 0, publicPort: undefined, externalUrl: url },
          },
        });
        apps.push(built);
        const { app } = built;
        await app.listen({ port: 0, host: '127.0.0.1' });
        proxy.forwardTo((app.server.address() as AddressInfo).port, broker.webSocketPort);
        const token = (await signIn(app)).slice('Bearer '.length);
        const info = (
          await app.inject({
            method: 'GET',
            url: '/openapi/mqtt/userInfo/get/v2',
            headers: { authorization: `Bearer ${token}` },
          })
        ).json().data as MqttUserInfo;
        expect(info).toMatchObject({ mqttHost: 'localhost', mqttUrl: `wss://localhost:${proxy.port}/mqtt` });
        expect(info.mqttPort).toBeUndefined();
        const { url: connectTo, options } = navimowSdkConnection(homeAssistantMqtt(info, token));
        expect(connectTo).toBe(`wss://localhost:${proxy.port}/mqtt`);
        const client = await mqtt.connectAsync(connectTo, {
          ...options,
          ca: proxy.ca,
          reconnectPeriod: 0,
          connectTimeout: 5000,
        });
        try {
          const box = inbox(client);
          await client.subscribeAsync(`/downlink/vehicle/${OWNED}/realtimeDate/state`);
          expect(await box.next((message) => message.payload.device_id === OWNED)).toMatchObject({ retain: true });
          await apps[0]!.fleet.report(OWNED, { kind: 'fault', reason: 'bladeBlocked' });
          await box.next((message) => message.payload.state === 'Error' && !message.retain);
          await apps[0]!.fleet.report(OWNED, { kind: 'clear' });
          expect(proxy.upgrades.at(-1)?.headers).toMatchObject({
            authorization: `Bearer ${token}`,
            'sec-websocket-protocol': 'mqtt',
          });
        } finally {
          await client.endAsync(true);
        }
      } finally {
        await proxy.close();
      }
    },
  );

  it("answers the broker's auth plugin with the embedded broker's rules", async () => {
    const [{ app: a }] = apps as [BuiltApp];
    const info = (
      await a.inject({
        method: 'GET',
        url: '/openapi/mqtt/userInfo/get/v2',
        headers: { authorization: await signIn(a) },
      })
    ).json().data as {
      userName: string;
      pwdInfo: string;
    };
    const check = async (path: string, payload: Record<string, unknown>) =>
      (await a.inject({ method: 'POST', url: `/internal/mqtt/${path}`, payload })).statusCode;
    const downlink = (serial: string) => `/downlink/vehicle/${serial}/realtimeDate/state`;

    expect(await check('user', { username: info.userName, password: info.pwdInfo, clientid: 'ha' })).toBe(200);
    expect(await check('user', { username: info.userName, password: 'guess', clientid: 'ha' })).toBe(403);
    expect(await check('user', { username: 'navimow-server', password: 'server-secret' })).toBe(200);
    expect(await check('user', { username: 'navimow-server', password: 'guess' })).toBe(403);
    expect(await check('superuser', { username: 'navimow-server' })).toBe(200);
    expect(await check('superuser', { username: info.userName })).toBe(403);

    expect(await check('acl', { username: info.userName, topic: downlink(OWNED), acc: 4 })).toBe(200);
    expect(await check('acl', { username: info.userName, topic: downlink(OWNED), acc: 1 })).toBe(200);
    expect(await check('acl', { username: info.userName, topic: downlink('+'), acc: 4 })).toBe(200);
    expect(await check('acl', { username: info.userName, topic: downlink(NOT_SHARED), acc: 1 })).toBe(403);
    expect(await check('acl', { username: info.userName, topic: downlink(NOT_SHARED), acc: 4 })).toBe(403);
    expect(await check('acl', { username: info.userName, topic: '/downlink/vehicle/#', acc: 4 })).toBe(403);
    // Clients publish nothing, and never read the server's own status topic.
    expect(await check('acl', { username: info.userName, topic: downlink(OWNED), acc: 2 })).toBe(403);
    expect(await check('acl', { username: info.userName, topic: `navimow-server/status/${OWNED}`, acc: 1 })).toBe(403);
    expect(await check('acl', { username: 'nvm_unknown', topic: downlink(OWNED), acc: 1 })).toBe(403);
    expect(await check('acl', { username: 'navimow-server', topic: downlink(OWNED), acc: 2 })).toBe(200);
  });

  it('stops answering yes for a pair once the session it was issued under signs out', async () => {
    const [{ app: a }] = apps as [BuiltApp];
    const leaving = await signIn(a);
    const staying = await signIn(a);
    const pairOf = async (authorization: string) =>
      (await a.inject({ method: 'GET', url: '/openapi/mqtt/userInfo/get/v2', headers: { authorization } })).json()
        .data as { userName: string; pwdInfo: string };
    const cut = await pairOf(leaving);
    const kept = await pairOf(staying);
    const check = async (path: string, payload: Record<string, unknown>) =>
      (await a.inject({ method: 'POST', url: `/internal/mqtt/${path}`, payload })).statusCode;
    const downlink = `/downlink/vehicle/${OWNED}/realtimeDate/state`;
    for (const pair of [cut, kept])
      expect(await check('acl', { username: pair.userName, topic: downlink, acc: 1 })).toBe(200);

    expect(
      (await a.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: leaving } })).statusCode,
    ).toBe(204);
    // Mosquitto asks for every delivery: an open connection of the pair stops receiving; a new one is refused.
    expect(await check('acl', { username: cut.userName, topic: downlink, acc: 1 })).toBe(403);
    expect(await check('acl', { username: cut.userName, topic: downlink, acc: 4 })).toBe(403);
    expect(await check('user', { username: cut.userName, password: cut.pwdInfo })).toBe(403);
    expect(await check('acl', { username: kept.userName, topic: downlink, acc: 1 })).toBe(200);
    expect(await check('user', { username: kept.userName, password: kept.pwdInfo })).toBe(200);
  });

  it('answers the broker only: not through the proxy, not from a public address, so nobody else can try passwords', async () => {
    const [{ app: a }] = apps as [BuiltApp];
    const ask = (options: { remoteAddress?: string; headers?: Record<string, string> }) =>
      a.inject({
        method: 'POST',
        url: '/internal/mqtt/user',
        payload: { username: 'navimow-server', password: 'server-secret' },
        ...options,
      });
    for (const remoteAddress of ['127.0.0.1', '10.1.2.3', '192.168.0.9', '::1', 'fd00::7', '::ffff:172.20.0.5']) {
      expect((await ask({ remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['203.0.113.7', '2001:db8::1', '::ffff:198.51.100.1']) {
      expect((await ask({ remoteAddress })).statusCode, remoteAddress).toBe(404);
    }
    // The proxy is on this machine too, but adds the client's address: a request through it is not the broker's.
    expect((await ask({ headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode).toBe(404);
    expect((await ask({ headers: { forwarded: 'for=203.0.113.7' } })).statusCode).toBe(404);
  });
});

/**
 * The broker restarted under the server (issue 35, item 4): stopped for 5 s, with subscribers attached, Mosquitto
 * with and without persistence. A change committed while it is down reaches the pages' streams at once (they do not
 * pass through the broker) and, once it is back, the MQTT subscribers: every reconnect of the server republishes
 * every mower's retained state, so within 1 s of its return they hold the current state, not nothing (no
 * persistence) nor the state from before the outage (persistence).
 */
describe
  .runIf(existsSync(MOSQUITTO))
  .each(testDatabaseKinds.flatMap((kind) => [[kind, false] as const, [kind, true] as const]))(
  'an external broker restarted on %s (persistence: %s)',
  (kind, persistence) => {
    const dir = mkdtempSync(join(tmpdir(), 'navimow-mosquitto-'));
    let port: number;
    let broker: ReturnType<typeof mosquitto>;
    let db: Db;
    let destroy: () => Promise<void>;
    const apps: BuiltApp[] = [];
    const bases: string[] = [];

    beforeAll(async () => {
      port = await freePort();
      broker = mosquitto(
        dir,
        `allow_anonymous true\npersistence ${persistence}\npersistence_location ${dir}/\nlistener ${port} 127.0.0.1\n`,
        port,
      );
      await broker.start();
      ({ db, destroy } = await createTestDatabase(kind));
      const base = testConfig({ simulator: true });
      for (let index = 0; index < 2; index++) {
        const built = await buildApp({
          db,
          config: {
            ...base,
            mqtt: { ...base.mqtt, port: 0, publicPort: undefined, externalUrl: `mqtt://127.0.0.1:${port}` },
          },
        });
        bases.push(await built.app.listen({ port: 0, host: '127.0.0.1' }));
        apps.push(built);
      }
    });
    afterAll(async () => {
      for (const { app } of apps) await app.close();
      await destroy();
      await broker.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('brings subscribers and pages the change committed while it was down', async () => {
      const [a] = apps as [BuiltApp];
      const login = await a.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { account: DEMO.owner.email, password: DEMO.owner.password },
      });
      const authorization = `Bearer ${login.json<{ access_token: string }>().access_token}`;
      const subscriber = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 100 });
      const states: { at: number; state: Record<string, unknown> }[] = [];
      subscriber.on('message', (_topic, payload) =>
        states.push({ at: Date.now(), state: JSON.parse(payload.toString()) as Record<string, unknown> }),
      );
      await subscriber.subscribeAsync(`/downlink/vehicle/${OWNED}/realtimeDate/state`);
      await expect.poll(() => states.at(-1)?.state).toMatchObject({ device_id: OWNED, state: 'isDocked' });
      const page = await liveStream(bases[1]!, OWNED, authorization);
      await expect.poll(() => page.statuses.length).toBe(1);

      await broker.stop();
      const down = Date.now();
      // Committed on one process while the broker is down: no error, and the other's page hears it at once.
      expect((await a.fleet.report(OWNED, { kind: 'fault', reason: 'stuck' }))?.result).toBe(true);
      await expect.poll(() => page.statuses.at(-1), { timeout: 1000 }).toMatchObject({ state: 'error' });
      // What an operator sees meanwhile (docs/operations.md): not connected, the change's publishes dropped.
      const during = await a.metrics.scrape();
      expect(during).toMatch(/^navimow_mqtt_broker_connected 0$/m);
      expect(Number(/^navimow_mqtt_messages_dropped_total (\d+)$/m.exec(during)?.[1])).toBeGreaterThanOrEqual(2);
      // Readiness names the broker but keeps the process in the balancer: the pages and the API still serve.
      const ready = await a.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: 'ok', mqtt: 'unavailable' });
      await new Promise((resolve) => setTimeout(resolve, 5000 - (Date.now() - down)));

      await broker.start();
      const back = Date.now();
      await expect
        .poll(() => states.at(-1)?.state, { timeout: 1000, interval: 20 })
        .toMatchObject({ device_id: OWNED, state: 'Error', error: { reason: 'stuck' } });
      expect(states.at(-1)!.at - back).toBeLessThan(1000);
      const after = await a.metrics.scrape();
      expect(after).toMatch(/^navimow_mqtt_broker_connected 1$/m);
      expect(after).toMatch(/^navimow_mqtt_reconnects_total 1$/m);
      expect((await a.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({
        status: 'ok',
        database: 'ok',
        mqtt: 'ok',
      });

      await a.fleet.report(OWNED, { kind: 'clear' });
      await expect.poll(() => page.statuses.at(-1)).toMatchObject({ state: 'docked' });
      await expect.poll(() => states.at(-1)?.state).toMatchObject({ state: 'isDocked' });
      page.close();
      await subscriber.endAsync(true);
    }, 20_000);
  },
);
