/**
 * The embedded broker's limits before and after sign-in (issue 25, item 1): a client that announces a huge packet and
 * streams bytes is closed at once, over TCP and over the WebSocket, and the server's memory does not grow; one
 * address may hold only so many connections that have not signed in, while other addresses still connect, and all
 * addresses together only so many (issue 34, item 5). Signed in (issue 34, item 2): a link's packets are rate-limited
 * over all its connections, a SUBSCRIBE carries only so many filters and a link holds only so many subscriptions, and a
 * connection's packets are authorized one at a time, a SUBSCRIBE's filters with one check of the pair and no database
 * read each.
 */
import type { AddressInfo } from 'node:net';
import { connect as connectTcp, type Socket } from 'node:net';
import type { KyselyPlugin } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listeningMqtt, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { linkHomeAssistant, sdkRequest } from '../../testing/navimow-test-client.ts';
import { DEMO } from '../../db/seed.ts';
import { EmbeddedBroker } from './mqtt-broker.ts';
import { defaultUnauthenticatedTotal, openFileLimit, type MqttLimits } from './mqtt-limits.ts';

const LIMITS: MqttLimits = {
  maxPacketBytes: 16 * 1024,
  connectTimeoutMs: 1500,
  unauthenticatedPerAddress: 3,
  unauthenticatedTotal: 5,
  inFlightPerConnection: 4,
  filtersPerSubscribe: 8,
  subscriptionsPerPair: 10,
  packetsPerMinute: 120,
};
const OWNED = DEMO.mowers.owned.serial;
const SHARED = DEMO.mowers.shared.serial;
const topic = (serial: string, channel: string) => `/downlink/vehicle/${serial}/realtimeDate/${channel}`;
/** Every filter the owner may hold: their two mowers and the wildcard, each channel and the channel wildcards. */
const FILTERS = [OWNED, SHARED, '+'].flatMap((serial) =>
  ['state', 'event', 'attributes', '+', '#'].map((channel) => topic(serial, channel)),
);

/** A fixed header announcing a packet of `length` bytes after it (MQTT's variable-length remaining length). */
function header(type: number, length: number): Buffer {
  const bytes = [type << 4];
  do {
    let digit = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) digit |= 0x80;
    bytes.push(digit);
  } while (length > 0);
  return Buffer.from(bytes);
}

/** An MQTT 3.1.1 CONNECT without credentials. */
function connectPacket(clientId: string): Buffer {
  const id = Buffer.from(clientId);
  const body = Buffer.concat([Buffer.from([0, 4]), Buffer.from('MQTT'), Buffer.from([4, 2, 0, 60, 0, id.length]), id]);
  return Buffer.concat([header(1, body.length), body]);
}

const HUGE = 250 * 1024 * 1024;
const CHUNK = Buffer.alloc(16 * 1024, 0x61);

/** The server's (and this test's) memory outside the JavaScript heap, where received bytes are kept. */
const buffered = () => process.memoryUsage().arrayBuffers + process.memoryUsage().external;

/**
 * Sends `first`, then streams chunks (each after the last was handed to the kernel) until the connection is
 * closed, `limitBytes` are sent or `ms` pass; answers whether it was closed, how much was sent, and how much the
 * memory outside the heap grew at most meanwhile.
 */
async function streamUntilClosed(
  send: (chunk: Buffer) => Promise<void>,
  whenClosed: Promise<void>,
  first: Buffer,
  { ms = 2500, limitBytes = 64 * 1024 * 1024 } = {},
) {
  const before = buffered();
  let closed = false;
  void whenClosed.then(() => (closed = true));
  let sent = 0;
  let peak = 0;
  const deadline = Date.now() + ms;
  await send(first).catch(() => undefined);
  while (!closed && Date.now() < deadline && sent < limitBytes) {
    try {
      await send(CHUNK);
      sent += CHUNK.length;
    } catch {
      break;
    }
    peak = Math.max(peak, buffered() - before);
  }
  await Promise.race([whenClosed, new Promise((resolve) => setTimeout(resolve, 500))]);
  return { closed, sent, grew: peak };
}

function rawSocket(
  port: number,
  localAddress = '127.0.0.1',
): Promise<{ socket: Socket; closed: Promise<void>; received: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const socket = connectTcp({ port, host: '127.0.0.1', localAddress });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, closed, received }));
    socket.once('error', reject);
  });
}

const write = (socket: Socket) => (chunk: Buffer) =>
  new Promise<void>((resolve, reject) => socket.write(chunk, (error) => (error ? reject(error) : resolve())));

/** Closed long before the stream was all sent, and the memory did not grow with it. */
function expectCutOff(result: { closed: boolean; sent: number; grew: number }) {
  expect(result.closed).toBe(true);
  expect(result.sent).toBeLessThan(8 * 1024 * 1024);
  // Loose, as the sender's own buffers count too: without the limit the 64 MB sent stay in memory.
  expect(result.grew).toBeLessThan(32 * 1024 * 1024);
}

async function openWebSocket(port: number): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/mqtt`, 'mqtt');
  ws.on('error', () => undefined);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return ws;
}

const within = (closed: Promise<void>, ms: number) =>
  Promise.race([closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe.each(testDatabaseKinds)('the MQTT broker under abuse, on %s', (kind) => {
  let t: TestApp;
  let tcpPort: number;
  let httpPort: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { mqtt: listeningMqtt({ limits: LIMITS }) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    httpPort = (t.app.server.address() as AddressInfo).port;
    tcpPort = t.mqttPort()!;
    token = (await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password })).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('closes a TCP connection that announces a huge CONNECT and streams bytes, before the bytes pile up', async () => {
    const { socket, closed } = await rawSocket(tcpPort);
    const result = await streamUntilClosed(write(socket), closed, header(1, HUGE));
    socket.destroy();
    expectCutOff(result);
  });

  it('closes a WebSocket connection that announces a huge CONNECT and streams bytes, before the bytes pile up', async () => {
    const ws = await openWebSocket(httpPort);
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    const send = (chunk: Buffer) =>
      new Promise<void>((resolve, reject) =>
        ws.send(chunk, { binary: true }, (error) => (error ? reject(error) : resolve())),
      );
    const result = await streamUntilClosed(send, closed, header(1, HUGE));
    ws.terminate();
    expectCutOff(result);
  });

  it('refuses a WebSocket message larger than a packet may be', async () => {
    const ws = await openWebSocket(httpPort);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(Buffer.concat([connectPacket('big'), Buffer.alloc(LIMITS.maxPacketBytes * 2)]));
    expect(await closed).toBe(1009);
  });

  it('closes a connection whose first packet is not CONNECT, and one that sends nothing within the connect timeout', async () => {
    const notConnect = await rawSocket(tcpPort);
    notConnect.socket.write(header(3, 10));
    expect(await within(notConnect.closed, 1000)).toBe(true);

    const silent = await rawSocket(tcpPort);
    expect(await within(silent.closed, LIMITS.connectTimeoutMs / 2)).toBe(false);
    expect(await within(silent.closed, LIMITS.connectTimeoutMs + 1000)).toBe(true);
  });

  it('closes a signed-in client that announces a packet over the limit', async () => {
    const info = (await sdkRequest(t.app, token, 'GET', '/openapi/mqtt/userInfo/get/v2')).json<{
      data: { userName: string; pwdInfo: string };
    }>().data;
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${tcpPort}`, {
      username: info.userName,
      password: info.pwdInfo,
      clientId: `web_${info.userName}_0123456789`,
      reconnectPeriod: 0,
    });
    // A PUBLISH announced at 100 MB, its body streamed: cut off long before.
    const stream = client.stream as Socket;
    const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
    const result = await streamUntilClosed(write(stream), closed, header(3, 100 * 1024 * 1024));
    expectCutOff(result);
    await client.endAsync(true);
  });

  it('refuses connections not signed in beyond the total over all addresses, on TCP and the WebSocket alike', async () => {
    const held = await Promise.all([
      ...['127.0.0.2', '127.0.0.2', '127.0.0.2'].map((address) => rawSocket(tcpPort, address)),
      ...['127.0.0.3', '127.0.0.3'].map((address) => rawSocket(tcpPort, address)),
    ]);
    const refused = await rawSocket(tcpPort, '127.0.0.4');
    expect(await within(refused.closed, 1000)).toBe(true);
    expect(Buffer.concat(refused.received)).toHaveLength(0);
    const upgrade = await new Promise<number | undefined>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${httpPort}/mqtt`, 'mqtt');
      ws.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      ws.once('open', () => resolve(undefined));
      ws.once('error', () => resolve(undefined));
    });
    expect(upgrade).toBe(429);
    for (const { socket, closed } of held) {
      socket.destroy();
      await closed;
    }
    // The server hears the closes a moment after this end does.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });

  it('refuses connections from one address beyond its share of those not signed in; other addresses still connect', async () => {
    const held = await Promise.all(Array.from({ length: LIMITS.unauthenticatedPerAddress }, () => rawSocket(tcpPort)));
    const refused = await rawSocket(tcpPort);
    expect(await within(refused.closed, 1000)).toBe(true);
    expect(Buffer.concat(refused.received)).toHaveLength(0);

    // The WebSocket counts against the same address, and is refused before its handshake.
    const upgrade = await new Promise<number | undefined>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${httpPort}/mqtt`, 'mqtt');
      ws.once('unexpected-response', (_request, response) => resolve(response.statusCode));
      ws.once('open', () => resolve(undefined));
      ws.once('error', () => resolve(undefined));
    });
    expect(upgrade).toBe(429);

    // Another address is answered (a CONNACK, here refusing the missing credentials).
    const other = await rawSocket(tcpPort, '127.0.0.2');
    other.socket.write(connectPacket('other-address'));
    await within(other.closed, 1000);
    expect(Buffer.concat(other.received)[0]).toBe(0x20);

    // A connection that signs in no longer counts; neither does one that closes.
    const info = (await sdkRequest(t.app, token, 'GET', '/openapi/mqtt/userInfo/get/v2')).json<{
      data: { userName: string; pwdInfo: string };
    }>().data;
    held[0]!.socket.destroy();
    await held[0]!.closed;
    // The server hears the close a moment after this end does: until then it refuses (closes) the next one.
    let client: mqtt.MqttClient | undefined;
    for (let attempt = 0; !client && attempt < 20; attempt += 1) {
      const trying = mqtt.connect(`mqtt://127.0.0.1:${tcpPort}`, {
        username: info.userName,
        password: info.pwdInfo,
        clientId: `web_${info.userName}_0123456789`,
        reconnectPeriod: 0,
      });
      client = await new Promise<mqtt.MqttClient | undefined>((resolve) => {
        trying.once('connect', () => resolve(trying));
        trying.once('close', () => setTimeout(resolve, 100));
      });
    }
    expect(client?.connected).toBe(true);
    const again = await rawSocket(tcpPort);
    expect(await within(again.closed, 500)).toBe(false);
    for (const { socket } of [...held, again]) socket.destroy();
    await client!.endAsync(true);
  });
});

describe('the descriptor limit', () => {
  it('reads the soft limit of open files, and keeps a quarter of it for connections not signed in', () => {
    expect(openFileLimit('/nonexistent')).toBeUndefined();
    if (process.platform === 'linux') expect(openFileLimit()).toBeGreaterThan(0);
    expect(defaultUnauthenticatedTotal(1024)).toBe(256);
    expect(defaultUnauthenticatedTotal(1_048_576)).toBe(4096);
    expect(defaultUnauthenticatedTotal(undefined)).toBe(256);
    expect(defaultUnauthenticatedTotal(40)).toBe(16);
  });
});

describe.each(testDatabaseKinds)('signed-in MQTT clients under abuse, on %s', (kind) => {
  let t: TestApp;
  let tcpPort: number;
  let owner: string;
  let friend: string;
  /** A second broker whose database queries are followed: when each began and ended. */
  let counted: EmbeddedBroker;
  let countedPort: number;
  let queries: { id: unknown; end: boolean }[] = [];
  const finished = () => queries.filter((query) => query.end).length;
  /** The most queries at once (a subquery is transformed as a query of its own but never ends: not counted). */
  function mostAtOnce() {
    const ended = new Set(queries.filter((query) => query.end).map((query) => query.id));
    let active = 0;
    let most = 0;
    for (const { id, end } of queries) {
      if (!ended.has(id)) continue;
      active += end ? -1 : 1;
      most = Math.max(most, active);
    }
    return most;
  }
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { mqtt: listeningMqtt({ limits: LIMITS }) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    tcpPort = t.mqttPort()!;
    owner = (await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password })).access_token;
    friend = (await linkHomeAssistant(t.app, { account: DEMO.friend.email, password: DEMO.friend.password }))
      .access_token;
    const counting: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        queries.push({ id: queryId, end: false });
        return node;
      },
      transformResult({ result, queryId }) {
        queries.push({ id: queryId, end: true });
        return Promise.resolve(result);
      },
    };
    counted = await EmbeddedBroker.create({
      db: t.db.withPlugin(counting),
      fleet: t.fleet,
      commandBudget: t.commandBudget,
      log: t.app.log,
      recheckMs: 3_600_000,
      limits: { ...LIMITS, packetsPerMinute: 10_000, subscriptionsPerPair: 1000 },
    });
    countedPort = await counted.listenTcp(0, '127.0.0.1');
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await counted.close();
    await t.close();
  });

  async function connect(token: string, port = tcpPort): Promise<MqttClient> {
    const info = (await sdkRequest(t.app, token, 'GET', '/openapi/mqtt/userInfo/get/v2')).json<{
      data: { userName: string; pwdInfo: string };
    }>().data;
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username: info.userName,
      password: info.pwdInfo,
      clientId: `web_${info.userName}_${Math.random().toString(16).slice(2, 12)}`,
      reconnectPeriod: 0,
    });
    clients.push(client);
    return client;
  }
  const closed = (client: MqttClient) =>
    within(
      new Promise<void>((resolve) => (client.connected ? client.once('close', () => resolve()) : resolve())),
      2000,
    );
  /** Which filters the SUBACK grants (mqtt.js answers an error with the SUBACK when any is refused). */
  const granted = (client: MqttClient, filters: string[]) =>
    new Promise<boolean[]>((resolve) =>
      client.subscribe(filters, (error) =>
        resolve(
          error
            ? ((error as Error & { packet?: { granted: number[] } }).packet?.granted.map((code) => code !== 128) ??
                filters.map(() => false))
            : filters.map(() => true),
        ),
      ),
    );

  it('closes a connection whose SUBSCRIBE carries more filters than a client needs', async () => {
    const client = await connect(owner);
    expect(await granted(client, FILTERS.slice(0, LIMITS.filtersPerSubscribe))).toEqual(
      Array(LIMITS.filtersPerSubscribe).fill(true),
    );
    client.subscribe(FILTERS.slice(0, LIMITS.filtersPerSubscribe + 1));
    expect(await closed(client)).toBe(true);
  });

  it("holds a link's subscriptions over all its connections to the limit; another link has its own", async () => {
    const first = await connect(owner);
    const second = await connect(owner);
    expect(await granted(first, FILTERS.slice(0, 8))).toEqual(Array(8).fill(true));
    // Ten for the link: two more, whichever connection asks; one held already counts once.
    expect(await granted(second, FILTERS.slice(8, 12))).toEqual([true, true, false, false]);
    expect(await granted(first, [FILTERS[12]!, FILTERS[0]!])).toEqual([false, true]);
    // Given up, a place is free again; closed, all of its are.
    await first.unsubscribeAsync(FILTERS[0]!);
    expect(await granted(first, [FILTERS[12]!])).toEqual([true]);
    await second.endAsync();
    expect(await granted(first, FILTERS.slice(8, 10))).toEqual([true, true]);
    const other = await connect(friend);
    expect(await granted(other, [topic(SHARED, 'state'), topic(SHARED, 'event')])).toEqual([true, true]);
    await Promise.all([first.endAsync(), other.endAsync()]);
  });

  it("closes a link's connections over its rate of packets, whichever sends them; another link goes on", async () => {
    // A link of its own, whose bucket nothing before has drawn from.
    const link = (await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password }))
      .access_token;
    const first = await connect(link);
    const second = await connect(link);
    const other = await connect(friend);
    const pings = (count: number) => Buffer.concat(Array.from({ length: count }, () => Buffer.from([0xc0, 0])));
    (first.stream as Socket).write(pings(LIMITS.packetsPerMinute - 5));
    expect(await granted(first, [topic(OWNED, 'state')])).toEqual([true]);
    expect(first.connected).toBe(true);
    // Its bucket is the link's: the second connection's packets draw from what the first left.
    (second.stream as Socket).write(pings(20));
    expect(await closed(second)).toBe(true);
    (first.stream as Socket).write(pings(20));
    expect(await closed(first)).toBe(true);
    expect(await granted(other, [topic(SHARED, 'state')])).toEqual([true]);
    expect(other.connected).toBe(true);
    await other.endAsync();
  });

  it("authorizes a SUBSCRIBE's filters with one check of the pair and one read of the mowers, not a read each", async () => {
    const client = await connect(owner, countedPort);
    const before = finished();
    expect(await granted(client, FILTERS.slice(0, 8))).toEqual(Array(8).fill(true));
    expect(finished() - before).toBeLessThanOrEqual(2);
    // Mowers it may not see are refused, with one read of its list at most.
    const refused = ['NVM-NOT-MINE-1', 'NVM-NOT-MINE-2'].flatMap((serial) =>
      ['state', 'event', 'attributes', '+'].map((channel) => topic(serial, channel)),
    );
    const again = finished();
    expect(await granted(client, refused)).toEqual(Array(8).fill(false));
    expect(finished() - again).toBeLessThanOrEqual(2);
    await client.endAsync();
  });

  it("works off one connection's pipelined packets one at a time", async () => {
    const client = await connect(owner, countedPort);
    await client.subscribeAsync(topic(OWNED, 'event'));
    queries = [];
    const results = new Promise<void>((resolve) => {
      let count = 0;
      client.on('message', (_topic, payload) => {
        if ((JSON.parse(payload.toString()) as { event?: string }).event === 'commandResult' && ++count === 20)
          resolve();
      });
    });
    for (let index = 0; index < 20; index += 1)
      client.publish(`navimow/${OWNED}/command`, JSON.stringify({ id: `p${index}`, command: 'pause' }));
    await results;
    expect(mostAtOnce()).toBe(1);
    await client.endAsync();
  });
});
