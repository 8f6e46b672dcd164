/**
 * Nothing one request or one client sends stops the server for everyone (issue 34, item 1). The real server, on
 * 127.0.0.1 with the embedded broker on TCP and on its WebSocket path, gets malformed input of every kind it accepts,
 * over raw sockets: HTTP request targets and headers, WebSocket upgrades on every path it serves (its registered
 * routes, the pages and the MQTT path) with good and bad handshakes, upgrades reset as they are answered, and MQTT
 * packets of every type (0 to 15) with bad flags and lengths, before and after sign-in, over TCP and WebSocket.
 * After each batch the process still serves (`/api/health` answers, a signed-in MQTT client gets the mower's state),
 * no answer is a 5xx, and nothing reached the process as an uncaught exception or an unhandled rejection.
 *
 * Bounded: about 3 000 sockets a database, each given 250 ms after its last message (3 s for a sign-in).
 */
import { randomBytes } from 'node:crypto';
import { type AddressInfo, connect as connectTcp } from 'node:net';
import fc from 'fast-check';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRoutes } from '../../common/page-routes.ts';
import { DEMO } from '../db/seed.ts';
import { linkHomeAssistant, type MqttUserInfo, sdkRequest } from '../testing/navimow-test-client.ts';
import { createTestApp, listeningMqtt, type TestApp, testConfig } from '../testing/test-app.ts';
import { testDatabaseKinds } from '../testing/test-database.ts';

const WAIT_MS = 250;
/** The topics the public clients subscribe to (contract section 6). */
const downlinkTopic = (serial: string, channel: 'state') => `/downlink/vehicle/${serial}/realtimeDate/${channel}`;
/** Sockets open at once; the broker's share of unauthenticated connections per address is above it. */
const AT_ONCE = 24;
// Room for the fuzz's own connections and packets: what it checks is that nothing malformed stops the server, not
// the flood limits (server/modules/mqtt/mqtt-limits.test.ts).
const LIMITS = {
  ...testConfig().mqtt.limits,
  connectTimeoutMs: 1000,
  unauthenticatedPerAddress: 64,
  unauthenticatedTotal: 1024,
  packetsPerMinute: 100_000,
};

/** Sends `bytes` on a fresh socket and answers what came back before the server closed it or `WAIT_MS` passed. */
function exchange(port: number, bytes: Buffer | string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connectTcp({ port, host: '127.0.0.1' });
    const received: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(received).toString('latin1'));
    };
    const timer = setTimeout(done, WAIT_MS);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', done);
    socket.on('close', done);
    socket.write(bytes, () => undefined);
  });
}

/** Runs `task` over `items`, `AT_ONCE` at a time. */
async function inTurns<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += AT_ONCE) {
    results.push(...(await Promise.all(items.slice(start, start + AT_ONCE).map(task))));
  }
  return results;
}

/** A status line other than a 5xx, or none (the connection was closed, or left waiting for more). */
function expectNoServerError(sent: string, answer: string) {
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1];
  expect(
    answer === '' || (status !== undefined && Number(status) < 500),
    `${JSON.stringify(sent.slice(0, 120))} -> ${answer.slice(0, 80)}`,
  ).toBe(true);
}

// HTTP request targets: other hosts `new URL` reads into them, broken IPv6 literals, absolute and asterisk forms,
// very long ones, control bytes and bad percent-escapes.
const TARGETS = [
  '//x:99999/',
  '//[',
  '//[::1',
  'http://[',
  'http://[/',
  'http://a:99999/',
  'http://a/api/health',
  'https://a/robotWinterMode/guide',
  'http://user:pass@a/',
  'ftp://a/',
  'a:b',
  '*',
  '',
  '/\\x:99999/',
  '/\\\\[/',
  '//',
  '///mqtt',
  '/api//health',
  '/mqtt/../api/health',
  '/%',
  '/%zz',
  '/%ff',
  '/api/%ff',
  '/%00',
  '/api/mowers/%00',
  '/oauth/authorize?%ff=%zz',
  '/?lang=%ff',
  '/message-detail?id=%ff&lang=%',
  '/..%2f..%2fetc%2fpasswd',
  '/\u0001',
  '/\u007f',
  '/a\tb',
  `/${'a'.repeat(8_000)}`,
  `/api/health?${'a=1&'.repeat(3_000)}`,
  `/${'%ff'.repeat(3_000)}`,
  `//${'x'.repeat(2_000)}:99999/`,
];
const METHODS = ['GET', 'POST', 'OPTIONS', 'HEAD'];

// Headers: duplicate and bad Hosts, too large, bad characters, bad lengths and transfer encodings.
const HEADER_CASES = [
  'Host: a\r\nHost: b\r\n\r\n',
  '\r\n',
  'Host: [\r\n\r\n',
  'Host: x:99999\r\n\r\n',
  'Host: //x:99999/\r\n\r\n',
  'Host: a b\r\n\r\n',
  `Host: a\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
  `Host: a\r\n${Array.from({ length: 300 }, (_, index) => `X-${index}: ${index}\r\n`).join('')}\r\n`,
  'Host: a\r\nBad Header: x\r\n\r\n',
  'Host: a\r\nX-\u0001: y\r\n\r\n',
  'Host: a\r\nX-Value: a\u0000b\r\n\r\n',
  'Host: a\r\nX-Value: \u00ff\u00fe\r\n\r\n',
  'Host: a\r\n folded: header\r\n\r\n',
  'Host: a\r\nContent-Length: abc\r\n\r\n{}',
  'Host: a\r\nContent-Length: -1\r\n\r\n{}',
  'Host: a\r\nContent-Length: 99999999999999999999\r\n\r\n{}',
  'Host: a\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
  'Host: a\r\nContent-Length: 100\r\nContent-Type: application/json\r\n\r\n{}',
  'Host: a\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
  'Host: a\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  'Host: a\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n{}',
  'Host: a\r\nTransfer-Encoding: gzip\r\n\r\n{}',
  'Host: a\r\nTransfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n',
  'Host: a\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n',
  'Host: a\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":',
  'Host: a\r\nContent-Type: application/json; charset=utf-99\r\nContent-Length: 2\r\n\r\n{}',
  'Host: a\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 9\r\n\r\n%ff=%zz&&',
  'Host: a\r\nContent-Type: \u00ff/\u00fe\r\nContent-Length: 2\r\n\r\n{}',
  'Host: a\r\nContent-Encoding: gzip\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
  'Host: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n',
  'Host: a\r\nExpect: bogus\r\n\r\n',
  'Host: a\r\nAuthorization: Bearer %ff\u00ff\r\n\r\n',
  'Host: a\r\nAuthorization: Basic %%%\r\n\r\n',
  `Host: a\r\nAuthorization: Basic ${Buffer.from(':').toString('base64')}\r\n\r\n`,
  'Host: a\r\nCookie: _interaction=%ff; =; a\r\n\r\n',
  `Host: a\r\nAccept-Language: ${'x-'.repeat(3_000)}\r\n\r\n`,
  'Host: a\r\nAccept-Encoding: br;q=nan, *;q=-1\r\n\r\n',
  'Host: a\r\nIf-None-Match: "\u00ff, W/\r\n\r\n',
  'Host: a\r\nX-Forwarded-For: [, ::ffff:999.1.1.1\r\nX-Forwarded-Proto: gopher\r\nX-Forwarded-Host: //x:99999/\r\n\r\n',
  'Host: a\r\nOrigin: http://[\r\nReferer: //x:99999/\r\n\r\n',
];
const HEADER_TARGETS: [string, string][] = [
  ['GET', '/api/health'],
  ['POST', '/api/auth/login'],
  ['POST', '/oauth/token'],
  ['GET', '/oauth/authorize'],
  ['GET', '/.well-known/openid-configuration'],
  ['GET', '/mqtt'],
  ['GET', '/'],
];
const VERSIONS = ['HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1.1x', 'HTTP/', ''];

const WS_KEY = randomBytes(16).toString('base64');
// Upgrade handshakes, good and bad: ws answers a bad one with a 400 and the broker's guard closes what is not its path.
const UPGRADES = [
  `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${WS_KEY}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: mqtt\r\n\r\n`,
  'Upgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
  'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: x\r\nSec-WebSocket-Version: 13\r\n\r\n',
  `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${WS_KEY}\r\nSec-WebSocket-Version: 8\r\n\r\n`,
  `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${WS_KEY}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: ,, \u00ff\r\nSec-WebSocket-Extensions: permessage-deflate; client_max_window_bits=99\r\n\r\n`,
  `Upgrade: h2c, websocket\r\nConnection: Upgrade, HTTP2-Settings\r\nSec-WebSocket-Key: ${WS_KEY}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  // A frame already behind the handshake: the head ws is handed.
  `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${WS_KEY}\r\nSec-WebSocket-Version: 13\r\n\r\n\u0082\u00ff\u0000`,
];
const UPGRADE_TARGETS = [...TARGETS.slice(0, 20), '/mqtt', '/mqtt?x=%ff', '/mqtt/', '/MQTT', 'http://a/mqtt'];

/** MQTT's variable-length remaining length. */
function remainingLength(length: number): number[] {
  const bytes: number[] = [];
  do {
    let digit = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) digit |= 0x80;
    bytes.push(digit);
  } while (length > 0);
  return bytes;
}

const packet = (first: number, body: Buffer) =>
  Buffer.concat([Buffer.from([first, ...remainingLength(body.length)]), body]);
const mqttString = (text: string | Buffer) => {
  const bytes = Buffer.from(text);
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
};

/** An MQTT 3.1.1 CONNECT, with a pair or without. */
function connectPacket(clientId: string, pair?: { userName: string; pwdInfo: string }): Buffer {
  const flags = pair ? 0xc2 : 0x02;
  return packet(
    0x10,
    Buffer.concat([
      mqttString('MQTT'),
      Buffer.from([4, flags, 0, 60]),
      mqttString(clientId),
      ...(pair ? [mqttString(pair.userName), mqttString(pair.pwdInfo)] : []),
    ]),
  );
}

/**
 * Packets of every type (0, reserved, to 15) with good and bad flags, each with bodies that are empty, short, shaped
 * like its type's (topics of the downlink and of commands, wildcards, invalid UTF-8, string lengths past the end)
 * and random; then bad lengths: five length bytes, a length past what follows, two packets in one.
 */
function mqttCases(): Buffer[] {
  const owned = DEMO.mowers.owned.serial;
  const bodies = [
    Buffer.alloc(0),
    Buffer.from([0]),
    Buffer.from([0, 1]),
    Buffer.concat([mqttString(downlinkTopic(owned, 'state')), Buffer.from([0])]),
    Buffer.concat([Buffer.from([0, 1]), mqttString('/downlink/vehicle/+/realtimeDate/#'), Buffer.from([3])]),
    Buffer.concat([mqttString(`navimow/${owned}/command`), Buffer.from('{"command":"stop","id":{"__proto__":1}}')]),
    Buffer.concat([Buffer.from([0, 1]), mqttString(Buffer.from([0xff, 0xfe, 0x00])), Buffer.from([1])]),
    Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('short')]),
    Buffer.concat([mqttString('MQTT'), Buffer.from([9, 0xff, 0, 0]), mqttString('')]),
    ...fc.sample(fc.uint8Array({ maxLength: 48 }), { seed: 34, numRuns: 2 }).map((bytes) => Buffer.from(bytes)),
  ];
  const cases: Buffer[] = [];
  for (let type = 0; type < 16; type += 1) {
    for (const body of bodies) cases.push(packet(type << 4, body));
    // Flags: 0010 is right for SUBSCRIBE, UNSUBSCRIBE and PUBREL only, 1111 for none (a PUBLISH at QoS 3).
    for (const flags of [0b0010, 0b1111]) {
      for (const body of [bodies[0]!, bodies[4]!, bodies.at(-1)!]) cases.push(packet((type << 4) | flags, body));
    }
    cases.push(Buffer.from([type << 4, 0xff, 0xff, 0xff, 0xff, 0x7f]));
    cases.push(Buffer.from([type << 4, 0xff, 0xff, 0xff, 0x7f, 1, 2, 3]));
    cases.push(Buffer.concat([packet(type << 4, Buffer.from([0, 1])), packet(type << 4, Buffer.from([0, 2]))]));
  }
  return cases;
}

describe.each(testDatabaseKinds)('malformed input of every kind the server accepts, on %s', (kind) => {
  let t: TestApp;
  let httpPort: number;
  let tcpPort: number;
  let token: string;
  /** What reached the process outside every handler: must stay empty. */
  const surfaced: unknown[] = [];
  const onSurfaced = (error: unknown) => surfaced.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onSurfaced);
    process.on('unhandledRejection', onSurfaced);
    t = await createTestApp(kind, { mqtt: listeningMqtt({ limits: LIMITS }) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    httpPort = (t.app.server.address() as AddressInfo).port;
    tcpPort = t.mqttPort()!;
    token = (await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password })).access_token;
  });
  afterAll(async () => {
    await t.close();
    process.off('uncaughtException', onSurfaced);
    process.off('unhandledRejection', onSurfaced);
  });

  async function pair(): Promise<MqttUserInfo> {
    const response = await sdkRequest(t.app, token, 'GET', '/openapi/mqtt/userInfo/get/v2');
    expect(response.statusCode).toBe(200);
    return response.json<{ data: MqttUserInfo }>().data;
  }

  /** The server answers HTTP and a signed-in MQTT client gets the mower's retained state; nothing surfaced. */
  async function expectStillServing() {
    // What a closed socket still owes the process (an error event, a rejected promise) arrives first.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(surfaced).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${httpPort}/api/health`)).status).toBe(200);
    const { userName, pwdInfo } = await pair();
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${tcpPort}`, {
      username: userName,
      password: pwdInfo,
      clientId: `web_${userName}_${randomBytes(5).toString('hex')}`,
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    try {
      const state = new Promise<string>((resolve) => client.once('message', (topic) => resolve(topic)));
      await client.subscribeAsync(downlinkTopic(DEMO.mowers.owned.serial, 'state'));
      expect(await state).toBe(downlinkTopic(DEMO.mowers.owned.serial, 'state'));
    } finally {
      await client.endAsync(true);
    }
    expect(surfaced).toEqual([]);
  }

  it('answers malformed request targets with a 4xx or a closed socket', { timeout: 60_000 }, async () => {
    const requests = TARGETS.flatMap((target) =>
      METHODS.map((method) => `${method} ${target} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`),
    );
    const answers = await inTurns(requests, (request) => exchange(httpPort, request));
    requests.forEach((request, index) => expectNoServerError(request, answers[index]!));
    await expectStillServing();
  });

  it('answers malformed headers and HTTP versions with a 4xx or a closed socket', { timeout: 60_000 }, async () => {
    const requests = [
      ...HEADER_TARGETS.flatMap(([method, target]) =>
        HEADER_CASES.map((headers) => `${method} ${target} HTTP/1.1\r\nConnection: close\r\n${headers}`),
      ),
      ...VERSIONS.map((version) => `GET /api/health ${version}\r\nHost: a\r\n\r\n`),
      'GET /api/health HTTP/1.1\r\nHost: a\r\n\r\nGET //x:99999/ HTTP/1.1\r\nHost: a\r\n\r\n\u0000\u0001\u0002\r\n\r\n',
      'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
      '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003',
      `${'\r\n'.repeat(500)}GET / HTTP/1.1\r\nHost: a\r\n\r\n`,
    ];
    const answers = await inTurns(requests, (request) => exchange(httpPort, request));
    requests.forEach((request, index) => expectNoServerError(request, answers[index]!));
    await expectStillServing();
  });

  it(
    'takes WebSocket upgrades on every path it serves, good and malformed, without stopping',
    { timeout: 90_000 },
    async () => {
      const paths = new Set([
        ...t.app.registeredRoutes.map(({ url }) => url.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x')),
        ...Object.values(pageRoutes).flatMap((route) => ('path' in route ? [route.path] : [])),
        ...UPGRADE_TARGETS,
      ]);
      const requests = [...paths].flatMap((path) =>
        UPGRADES.map((upgrade, index) => `${index === 5 ? 'POST' : 'GET'} ${path} HTTP/1.1\r\nHost: a\r\n${upgrade}`),
      );
      const answers = await inTurns(requests, (request) => exchange(httpPort, request));
      requests.forEach((request, index) => expectNoServerError(request, answers[index]!));
      // The MQTT path took the good handshake.
      expect(answers[requests.indexOf(`GET /mqtt HTTP/1.1\r\nHost: a\r\n${UPGRADES[0]}`)]).toMatch(/^HTTP\/1\.1 101 /);
      await expectStillServing();
    },
  );

  it("takes upgrades that reset at once, within the address's share and beyond it", { timeout: 60_000 }, async () => {
    // The address's share of connections not signed in, held open: the ones after it are refused with a 429.
    const held = await Promise.all(
      Array.from({ length: LIMITS.unauthenticatedPerAddress }, async () => {
        const ws = new WebSocket(`ws://127.0.0.1:${httpPort}/mqtt`, 'mqtt');
        ws.on('error', () => undefined);
        await new Promise((resolve) => ws.once('open', resolve).once('unexpected-response', resolve));
        return ws;
      }),
    );
    const upgrade = `GET /mqtt HTTP/1.1\r\nHost: a\r\n${UPGRADES[0]}`;
    await inTurns(
      Array.from({ length: 200 }, (_, index) => index),
      async (index) => {
        const socket = connectTcp({ port: httpPort, host: '127.0.0.1' });
        socket.on('error', () => undefined);
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write(upgrade);
        // A reset as the request leaves, or once the 429 came: the server meets it answering, or closing.
        await new Promise((resolve) => (index % 2 ? setTimeout(resolve, 0) : socket.once('data', resolve)));
        socket.resetAndDestroy();
      },
    );
    for (const ws of held) ws.terminate();
    await expectStillServing();
  });

  it(
    'takes MQTT packets of every type over TCP, before and after sign-in, without stopping',
    { timeout: 90_000 },
    async () => {
      const cases = mqttCases();
      await inTurns(cases, (bytes) => exchange(tcpPort, bytes));
      await expectStillServing();
      const { userName, pwdInfo } = await pair();
      const accepted = await inTurns(cases, (bytes) =>
        signedInExchange(
          tcpPort,
          connectPacket(`web_${userName}_${randomBytes(5).toString('hex')}`, { userName, pwdInfo }),
          bytes,
        ),
      );
      expect(accepted.filter((signedIn) => !signedIn)).toEqual([]);
      await expectStillServing();
    },
  );

  it(
    'takes MQTT packets of every type over WebSocket, before and after sign-in, without stopping',
    { timeout: 90_000 },
    async () => {
      const cases = mqttCases();
      const { userName, pwdInfo } = await pair();
      await inTurns(cases, (bytes) => webSocketExchange(httpPort, [bytes]));
      await expectStillServing();
      await inTurns(cases, (bytes) =>
        webSocketExchange(httpPort, [
          connectPacket(`web_${userName}_${randomBytes(5).toString('hex')}`, { userName, pwdInfo }),
          bytes,
        ]),
      );
      await expectStillServing();
    },
  );
});

/**
 * Signs in over TCP and, once the CONNACK accepts, sends `bytes`; gives the server `WAIT_MS` to answer or close.
 * Answers whether the sign-in was accepted.
 */
function signedInExchange(port: number, signIn: Buffer, bytes: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ port, host: '127.0.0.1' });
    let accepted = false;
    let timer = setTimeout(done, 3_000);
    function done() {
      clearTimeout(timer);
      socket.destroy();
      resolve(accepted);
    }
    socket.once('data', (connack: Buffer) => {
      // 0x20, length 2, no session present, return code 0.
      accepted = connack.subarray(0, 4).equals(Buffer.from([0x20, 2, 0, 0]));
      clearTimeout(timer);
      timer = setTimeout(done, WAIT_MS);
      socket.write(bytes, () => undefined);
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(signIn, () => undefined);
  });
}

/** Sends each message over a WebSocket of the MQTT path, the next once the server answered the one before. */
function webSocketExchange(port: number, messages: Buffer[]): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/mqtt`, 'mqtt');
    let timer = setTimeout(done, 3_000);
    function done() {
      clearTimeout(timer);
      ws.terminate();
      resolve();
    }
    const sendNext = () => {
      const next = messages.shift();
      if (!next) return;
      clearTimeout(timer);
      timer = setTimeout(done, WAIT_MS);
      ws.send(next, { binary: true }, () => undefined);
    };
    ws.on('error', done);
    ws.on('close', done);
    ws.on('open', sendNext);
    ws.on('message', sendNext);
  });
}
