/**
 * `npm run bench:mqtt`: idle, signed-in MQTT connections to the embedded broker on 127.0.0.1, as Home Assistant holds
 * them (one pair of a linked service, navimow-sdk's client ids, the state topic of the demo owner's mower), against
 * the product's server in a process of its own (bench/mqtt-server.ts). Prints the server's memory before and after
 * (RSS and JavaScript heap, after a full collection) and per connection, and the time from a command over the
 * Navimow API to the new state at every connection: p50, p99, max. These connections share one pair, standing for as
 * many installations, so that server runs with the per-pair limits lifted. Then, against a fresh server with the
 * limits as configured, floods from one signed-in pair (issue 34, item 2): SUBSCRIBE packets of 300 filters, and
 * command publishes, each from several connections at once; for each, another user's `/api/health` latency (p50,
 * p99, max) and the server's RSS (most seen, sampled every 50 ms) during the flood, beside the same without one. A
 * benchmark, not a test: figures vary with the machine and its load.
 *
 * Options (environment): BENCH_MQTT_CONNECTIONS (2000, at most 20 000), BENCH_MQTT_CHANGES (state changes timed, 5),
 * BENCH_MQTT_FLOOD_CONNECTIONS (8), BENCH_MQTT_FLOOD_SUBSCRIBES (SUBSCRIBE packets per connection, 100),
 * BENCH_MQTT_FLOOD_COMMANDS (command publishes in all, 20 000), BENCH_MQTT_FLOOD_SECONDS (each flood's window, 5),
 * BENCH_MQTT_SECONDS (the whole run's limit, 300: it stops by itself, failing, when it takes longer).
 */
import { readFileSync } from 'node:fs';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { DEMO } from '../server/db/seed.ts';

const root = new URL('..', import.meta.url).pathname;
const count = Math.min(20_000, Math.max(1, Number(process.env.BENCH_MQTT_CONNECTIONS ?? 2000)));
const changes = Math.min(50, Math.max(1, Number(process.env.BENCH_MQTT_CHANGES ?? 5)));
const limitSeconds = Math.max(10, Number(process.env.BENCH_MQTT_SECONDS ?? 300));
const floodConnections = Math.min(100, Math.max(1, Number(process.env.BENCH_MQTT_FLOOD_CONNECTIONS ?? 8)));
const floodSubscribes = Math.min(10_000, Math.max(1, Number(process.env.BENCH_MQTT_FLOOD_SUBSCRIBES ?? 100)));
const floodCommands = Math.min(1_000_000, Math.max(1, Number(process.env.BENCH_MQTT_FLOOD_COMMANDS ?? 20_000)));
const floodSeconds = Math.min(60, Math.max(1, Number(process.env.BENCH_MQTT_FLOOD_SECONDS ?? 5)));
/** At most this many connections sign in at once: below the server's limit of connections not signed in per address (16). */
const CONNECTING_AT_ONCE = 8;
const SERIAL = DEMO.mowers.owned.serial;
const STATE_TOPIC = `/downlink/vehicle/${SERIAL}/realtimeDate/state`;

interface Memory {
  rss: number;
  heapUsed: number;
}

const deadline = setTimeout(() => {
  console.error(`bench:mqtt: not done within ${limitSeconds} s (BENCH_MQTT_SECONDS); stopped.`);
  process.exit(1);
}, limitSeconds * 1000);

function startServer(
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; httpPort: number; mqttPort: number }> {
  const child = spawn(process.execPath, ['--expose-gc', join(root, 'bench/mqtt-server.ts')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { httpPort: number; mqttPort: number }) => resolve({ child, ...message }));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

function memoryOf(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve) => {
    child.once('message', (message: Memory) => resolve(message));
    child.send('memory');
  });
}

async function api(base: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The demo owner's app session and a pair of it. */
async function signIn(base: string) {
  const login = await api(base, '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: DEMO.owner.email, password: DEMO.owner.password }),
  });
  const authorization = `Bearer ${login.access_token as string}`;
  const info = (await api(base, '/openapi/mqtt/userInfo/get/v2', { headers: { authorization } })).data as {
    userName: string;
    pwdInfo: string;
  };
  return { authorization, info };
}

/** A process's resident memory now (Linux's /proc; 0 elsewhere). */
function rssOf(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** A fixed header of `type` (and flags) for a body of `length` bytes. */
function fixedHeader(first: number, length: number): Buffer {
  const bytes = [first];
  do {
    let digit = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) digit |= 0x80;
    bytes.push(digit);
  } while (length > 0);
  return Buffer.from(bytes);
}
const utf8 = (text: string) => {
  const bytes = Buffer.from(text);
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
};
/** A SUBSCRIBE of `filters` filters for mowers nobody has (1.5 MB in 100 of them, as issue 34 sent). */
function subscribePacket(id: number, filters: number): Buffer {
  const body = Buffer.concat([
    Buffer.from([id >> 8, id & 0xff]),
    ...Array.from({ length: filters }, (_, index) =>
      Buffer.concat([utf8(`/downlink/vehicle/NVM-FLOOD-${index}/realtimeDate/state`), Buffer.from([0])]),
    ),
  ]);
  return Buffer.concat([fixedHeader(0x82, body.length), body]);
}
function commandPacket(index: number): Buffer {
  const body = Buffer.concat([
    utf8(`navimow/${SERIAL}/command`),
    Buffer.from(JSON.stringify({ id: `flood-${index}`, device_id: SERIAL, command: 'start_mowing', params: {} })),
  ]);
  return Buffer.concat([fixedHeader(0x30, body.length), body]);
}

/**
 * Another user's `/api/health`, one request after another for `seconds`, and the server's RSS every 50 ms, while
 * `flood` runs (or without one): latencies p50, p99, max and the most RSS seen.
 */
async function measure(base: string, pid: number, seconds: number, flood?: () => Promise<unknown>) {
  const latencies: number[] = [];
  let peak = rssOf(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  const until = Date.now() + seconds * 1000;
  const flooding = flood?.();
  while (Date.now() < until) {
    const sent = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - sent);
  }
  await flooding;
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  return { latencies, peak };
}

const report = (name: string, { latencies, peak }: Awaited<ReturnType<typeof measure>>, extra = '') =>
  console.log(
    `  ${name}: /api/health ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms; server RSS at most ${mb(peak)}${extra}`,
  );

// One pair stands for every installation here: the limits a pair has are lifted.
const { child, httpPort, mqttPort } = await startServer({
  MQTT_PACKETS_PER_MINUTE: '1000000',
  MQTT_SUBSCRIPTIONS_PER_PAIR: '100000',
});
const clients: MqttClient[] = [];
try {
  const base = `http://127.0.0.1:${httpPort}`;
  const { authorization, info } = await signIn(base);

  /** Per connection, what to call when a state message arrives. */
  const listeners: ((state: string) => void)[] = [];
  const connectFrom = async (first: number, end: number) => {
    for (let next = first; next < end;) {
      const batch = Array.from({ length: Math.min(CONNECTING_AT_ONCE, end - next) }, async (_, offset) => {
        const index = next + offset;
        const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
          username: info.userName,
          password: info.pwdInfo,
          clientId: `web_${info.userName}_${index.toString(16).padStart(10, '0')}`,
          keepalive: 2400,
          reconnectPeriod: 0,
          connectTimeout: 10_000,
        });
        clients[index] = client;
        client.on('message', (_topic, payload) =>
          listeners[index]?.((JSON.parse(payload.toString()) as { state: string }).state),
        );
        await client.subscribeAsync(STATE_TOPIC);
      });
      await Promise.all(batch);
      next += batch.length;
    }
  };
  // The first few warm the server's code paths up; the figures count the others.
  const warm = Math.min(count, CONNECTING_AT_ONCE);
  await connectFrom(0, warm);
  const before = await memoryOf(child);
  const started = Date.now();
  await connectFrom(warm, count);
  const connectSeconds = (Date.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = await memoryOf(child);

  let delays: number[] = [];
  const commands = ['start', 'pause', 'resume', 'dock'] as const;
  const body = {
    start: { command: 'action.devices.commands.StartStop', params: { on: true } },
    pause: { command: 'action.devices.commands.PauseUnpause', params: { on: false } },
    resume: { command: 'action.devices.commands.PauseUnpause', params: { on: true } },
    dock: { command: 'action.devices.commands.Dock' },
  };
  const expected = { start: 'isRunning', pause: 'isPaused', resume: 'isRunning', dock: 'isDocking' };
  // One change first, untimed, to warm the path up.
  for (let change = -1; change < changes; change += 1) {
    if (change === 0) delays = [];
    const command = commands[(change + 1) % commands.length]!;
    const sent = performance.now();
    const arrived = Promise.all(
      clients.map(
        (_client, index) =>
          new Promise<void>((resolve) => {
            listeners[index] = (state) => {
              if (state !== expected[command]) return;
              delays.push(performance.now() - sent);
              listeners[index] = () => undefined;
              resolve();
            };
          }),
      ),
    );
    await api(base, '/openapi/smarthome/sendCommands', {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ commands: [{ devices: [{ id: SERIAL }], execution: body[command] }] }),
    });
    await arrived;
  }
  delays.sort((a, b) => a - b);

  console.log(
    `bench:mqtt: ${count} idle connections signed in over TCP on 127.0.0.1 in ${connectSeconds.toFixed(1)} s (${CONNECTING_AT_ONCE} at a time)`,
  );
  const measured = Math.max(1, count - warm);
  console.log(
    `  server RSS   ${mb(before.rss)} -> ${mb(after.rss)}: ${kb((after.rss - before.rss) / measured)} per connection`,
  );
  console.log(
    `  server heap  ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}: ${kb((after.heapUsed - before.heapUsed) / measured)} per connection`,
  );
  console.log(
    `  a state change (command over the API) at every connection, ${changes} changes, ${delays.length} deliveries: ` +
      `p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms, max ${delays.at(-1)!.toFixed(0)} ms`,
  );
} finally {
  await Promise.all(clients.map((client) => client?.endAsync(true)));
  child.disconnect();
}

/** Signed-in connections of one pair that write `packets` each as fast as they may; answers how many were closed. */
async function flood(mqttPort: number, info: { userName: string; pwdInfo: string }, packets: Buffer[][]) {
  const connections = await Promise.all(
    Array.from({ length: floodConnections }, (_, index) =>
      mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        username: info.userName,
        password: info.pwdInfo,
        clientId: `flood_${info.userName}_${index}`,
        reconnectPeriod: 0,
      }),
    ),
  );
  let closed = 0;
  await Promise.all(
    connections.map(async (client, index) => {
      const stream = client.stream as Socket;
      stream.on('error', () => undefined);
      const gone = new Promise<void>((resolve) => stream.once('close', () => resolve()));
      for (const packet of packets[index]!) {
        if (stream.destroyed) break;
        if (!stream.write(packet)) await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), gone]);
      }
      const ended = await Promise.race([
        gone.then(() => true),
        new Promise((resolve) => setTimeout(resolve, floodSeconds * 1000, false)),
      ]);
      if (ended) closed += 1;
      client.end(true);
    }),
  );
  return closed;
}

// The floods, against a server with the limits as configured.
const floodServer = await startServer();
try {
  const base = `http://127.0.0.1:${floodServer.httpPort}`;
  const { info } = await signIn(base);
  const pid = floodServer.child.pid!;
  console.log(
    `bench:mqtt floods from one signed-in pair, ${floodConnections} connections, beside another user's requests (${floodSeconds} s each)`,
  );
  await measure(base, pid, 1);
  report('no flood', await measure(base, pid, floodSeconds));
  // Built before, so that the bench's own work does not count as the server's latency.
  const subscribePackets = Array.from({ length: floodSubscribes }, (_, index) => subscribePacket(index + 1, 300));
  let closed = 0;
  const subscribes = await measure(base, pid, floodSeconds, async () => {
    closed = await flood(
      floodServer.mqttPort,
      info,
      Array.from({ length: floodConnections }, () => subscribePackets),
    );
  });
  report(
    `SUBSCRIBE flood (${floodSubscribes} packets of 300 filters a connection)`,
    subscribes,
    `; ${closed} of ${floodConnections} connections closed`,
  );
  const perConnection = Math.ceil(floodCommands / floodConnections);
  const commandPackets = Array.from({ length: floodConnections }, (_, connection) =>
    Array.from({ length: perConnection }, (_, index) => commandPacket(connection * perConnection + index)),
  );
  const commands = await measure(base, pid, floodSeconds, async () => {
    closed = await flood(floodServer.mqttPort, info, commandPackets);
  });
  report(
    `command flood (${perConnection * floodConnections} publishes)`,
    commands,
    `; ${closed} of ${floodConnections} connections closed`,
  );
} finally {
  floodServer.child.disconnect();
  clearTimeout(deadline);
}

// ---- The live cadence with many mowers (BENCH_MQTT_MOWERS; a row of its own) ----

/**
 * The live cadence (server/modules/fleet/live-cadence.ts) over BENCH_MQTT_MOWERS mowers (10 000, 0 skips it), a
 * tenth of them mowing, in this process on an in-memory SQLite, publishing to an embedded broker without
 * subscribers (what a beat costs the server whoever listens): one round of beats back to back, each beat's time
 * p50, p99, max, and the messages a second the cadence sends. A beat must stay well inside its 2 s.
 */
async function benchLiveCadence() {
  const mowers = Math.min(100_000, Math.max(0, Number(process.env.BENCH_MQTT_MOWERS ?? 10_000)));
  if (!mowers) return;
  const { openDatabase, migrateToLatest } = await import('../server/db/database.ts');
  const { seedDemoData } = await import('../server/db/seed.ts');
  const { loadConfig } = await import('../server/config.ts');
  const { CommandBudget, Fleet, LIVE_CADENCE, LiveCadence } = await import('../server/modules/fleet/public.ts');
  const { EmbeddedBroker, publishLiveBeat } = await import('../server/modules/mqtt/public.ts');
  const database = openDatabase('file::memory:');
  await migrateToLatest(database);
  await seedDemoData(database.db);
  let now = Date.parse('2026-06-01T08:00:00.000Z');
  const iso = new Date(now).toISOString();
  for (let first = 0; first < mowers; first += 500) {
    await database.db
      .insertInto('mowers')
      .values(
        Array.from({ length: Math.min(500, mowers - first) }, (_, offset) => {
          const index = first + offset;
          const mowing = index % 10 === 0;
          return {
            serial_number: `NVM-BENCH-${String(index).padStart(6, '0')}`,
            owner_id: DEMO.owner.id,
            name: `Bench ${index}`,
            model: 'i105E',
            battery_percent: 90,
            created_at: iso,
            state: mowing ? 'mowing' : 'docked',
            at_station: mowing ? 0 : 1,
            job_left_ms: mowing ? 3_000_000 : 0,
            advanced_to: iso,
            state_since: iso,
          };
        }),
      )
      .execute();
  }
  const config = loadConfig({ NAVIMOW_DEMO: 'on' });
  const clock = { now: () => now };
  const fleet = new Fleet(database.db, { clock });
  const log = { warn: () => undefined, error: (error: unknown) => console.error(error) };
  const broker = await EmbeddedBroker.create({
    db: database.db,
    fleet,
    commandBudget: new CommandBudget(database.db, config.commandLimits, clock),
    log,
    limits: config.mqtt.limits,
  });
  let messages = 0;
  const publish = publishLiveBeat({
    publish: (topic, payload, retain) => ((messages += 1), broker.publish(topic, payload, retain)),
    close: () => broker.close(),
  });
  const cadence = new LiveCadence(fleet, publish);
  const beats = Math.round(LIVE_CADENCE.standingMs / LIVE_CADENCE.movingMs);
  const times: number[] = [];
  // One round to warm up, one measured.
  for (let beat = -beats; beat < beats; beat += 1) {
    if (beat === 0) messages = 0;
    now += LIVE_CADENCE.movingMs;
    const started = performance.now();
    await cadence.beat();
    if (beat >= 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const roundSeconds = (beats * LIVE_CADENCE.movingMs) / 1000;
  console.log(
    `bench:mqtt live cadence: ${mowers + 3} mowers (${Math.ceil(mowers / 10)} mowing), one timer, a beat every ` +
      `${LIVE_CADENCE.movingMs / 1000} s, the standing ones once in ${roundSeconds} s`,
  );
  console.log(
    `  a beat (one round of ${beats}): p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, ` +
      `max ${times.at(-1)!.toFixed(0)} ms; ${(messages / roundSeconds).toFixed(0)} messages a second`,
  );
  await broker.close();
  await database.db.destroy();
}

await benchLiveCadence();
