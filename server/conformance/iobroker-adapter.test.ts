import { readFileSync } from 'node:fs';
import { createRequire, type ModuleHooks, registerHooks } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../db/seed.ts';
import { LIVE_CADENCE } from '../modules/fleet/public.ts';
import { DEMO_CLIENTS } from '../modules/oauth/public.ts';
import type { Adapter } from '../testing/iobroker-adapter-core.ts';
import { openLinkInBrowser } from '../testing/oauth-test-client.ts';
import { createTestApp, listeningMqtt, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKinds } from '../testing/test-database.ts';

/**
 * ioBroker.navimow 1.1.2 (npm, MIT) runs its own `main.js` against the server: it links, reads the mowers and their
 * status, starts and docks through its remote states, and stays on MQTT through a mowing and a paused period with
 * none of its watchdogs firing.
 *
 * What is not the adapter's own:
 * - `@iobroker/adapter-core` is server/testing/iobroker-adapter-core.ts (states in memory; the test is the host).
 * - The cloud host it hard-codes (`API_BASE_URL`) names this server: the one string changed in its source, as it
 *   loads.
 * - The secret it sends is registered for `homeassistant`, as a deployment does (docs/voice-assistants.md), read
 *   from its source here rather than written into this repository.
 * - Time: `Date` is the test's (everything in the process, the fleet included, shares it), moved 2 s at a time; the
 *   adapter's timers are the host's and fire on it. So 270 s of mowing take seconds, and its location watchdog
 *   (`LOCATION_STALE_MS`, 3 min of mowing without a position, judged on each status poll) really is judged. Sockets
 *   and the MQTT keepalive run on the wall clock, which the test keeps well under a keepalive.
 * - The set-up is the LAN one (docs/mqtt.md): the adapter connects to TCP 1883 of `mqttHost` whatever `mqttPort`
 *   says, so the broker listens on 1883 of an address of its own in 127.0.0.0/8 (Linux routes all of it to lo).
 */
const requireHere = createRequire(import.meta.url);
const MAIN = requireHere.resolve('iobroker.navimow/main.js');
const STAND_IN = fileURLToPath(new URL('../testing/iobroker-adapter-core.ts', import.meta.url));
const CLOUD = 'https://navimow-fra.ninebot.com';
const CLIENT_SECRET = /const CLIENT_SECRET = '([^']+)';/.exec(readFileSync(MAIN, 'utf8'))![1]!;
const LOGIN_LINK =
  '/smartHome/login?channel=homeassistant&client_id=homeassistant&response_type=code&redirect_uri=http%3A%2F%2Flocalhost%3A1%2Fcallback';
const OWNED = DEMO.mowers.owned.serial;

/** Loads main.js afresh, on the stand-in, with its cloud host changed to `server`. */
function loadAdapter(server: string): (options: { config: Record<string, unknown> }) => Adapter {
  let replaced = 0;
  const hooks: ModuleHooks = registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === '@iobroker/adapter-core' && context.parentURL === pathToFileURL(MAIN).href)
        return { url: pathToFileURL(STAND_IN).href, shortCircuit: true };
      return nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      const loaded = nextLoad(url, context);
      if (url !== pathToFileURL(MAIN).href) return loaded;
      const source = String(loaded.source).replaceAll(`'${CLOUD}'`, () => (replaced++, `'${server}'`));
      return { ...loaded, source };
    },
  });
  try {
    // Afresh for each server: its address is in the source.
    Reflect.deleteProperty(requireHere.cache, MAIN);
    const factory = requireHere(MAIN) as (options: { config: Record<string, unknown> }) => Adapter;
    expect(replaced).toBe(1);
    return factory;
  } finally {
    hooks.deregister();
  }
}

/** An address of its own on the loopback, so that port 1883 is free on it. */
const loopbackAddress = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;

/** Waits on the wall clock (the test's `Date` stands still meanwhile) for what the sockets bring. */
async function until(what: string, condition: () => boolean, ms = 10_000) {
  const deadline = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.each(testDatabaseKinds)('ioBroker.navimow’s own main.js against the server on %s', (kind) => {
  let t: TestApp;
  let adapter: Adapter;
  const mqttAddress = loopbackAddress();

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    t = await createTestApp(kind, {
      mqtt: listeningMqtt({ port: 1883, host: mqttAddress, publicHost: mqttAddress }),
      oauthClients: DEMO_CLIENTS.map((client) =>
        client.client_id === 'homeassistant' ? { ...client, client_secret: CLIENT_SECRET } : client,
      ),
    });
    const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { callback } = await openLinkInBrowser(t.app, LOGIN_LINK);
    // interval 1: a status poll a minute, on which its location watchdog is judged; the map (canvas) stays off.
    adapter = loadAdapter(server)({ config: { authCode: callback.href, interval: 1, mapEnabled: false } });
  });
  afterAll(async () => {
    await adapter?.stop();
    await t?.close();
    vi.useRealTimers();
  });

  const log = (level: string) => adapter.logLines.filter((line) => line.level === level).map((line) => line.message);
  const state = (id: string) => adapter.stateOf(`${OWNED}.${id}`)?.val;
  const client = () => (adapter as unknown as { mqttClient: { connected: boolean } | null }).mqttClient;

  /** `ms` of the test's time in the live cadence's beats: the fleet plays on, the broker sends, the adapter hears. */
  async function run(ms: number, { moving }: { moving: boolean }) {
    for (let elapsed = 0; elapsed < ms; elapsed += LIVE_CADENCE.movingMs) {
      vi.setSystemTime(Date.now() + LIVE_CADENCE.movingMs);
      await t.fleet.advanceDue();
      await t.liveCadence.beat();
      const at = Date.now();
      // A mowing mower's position every beat; the adapter stamps what it hears with its (the test's) clock.
      if (moving) await until('a position', () => state('diagnostics.lastLocationMessage') === at);
      else await new Promise((resolve) => setTimeout(resolve, 5));
      await adapter.runDueTimers();
    }
  }

  async function command(name: string) {
    const sent = `Command "${name}" sent successfully`;
    adapter.userWrites(`${OWNED}.remote.${name}`, true);
    await until(sent, () => log('info').includes(sent));
  }

  it('links with the pasted address, reads the mowers and their status, and connects to the broker', async () => {
    await adapter.start();
    await until('MQTT connected', () => log('info').includes('MQTT connected'));

    expect(log('info')).toContain('Token stored');
    // The code is spent: the adapter clears it from its settings.
    expect(adapter.instanceNative).toEqual({ authCode: '' });
    expect(JSON.parse(adapter.stateOf('auth.token')!.val as string)).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    // The owned mower and the one shared with the owner.
    expect(log('info')).toContain('Found 2 device(s)');
    expect(log('info')).toContain(`MQTT connecting to mqtt://${mqttAddress}:1883`);
    expect(state('general.name')).toBe(DEMO.mowers.owned.name);
    expect(state('status.vehicleState')).toBe('isDocked');
    expect(state('status.battery')).toEqual(expect.any(Number));
    expect(adapter.stateOf('info.connection')?.val).toBe(true);
  });

  it('starts, mows 270 s, pauses 200 s and docks through its remote states, with no watchdog firing', async () => {
    const connection = client();
    const mowingFrom = Date.now();
    await command('start');
    await run(270_000, { moving: true });
    expect(state('status.vehicleState')).toBe('isRunning');
    expect(state('location.postureX')).toEqual(expect.any(Number));
    expect(state('location.mowingPercentage')).toBeGreaterThan(0);
    // Its watchdog was judged: status polls three minutes and more into the mowing, a position seconds old each time.
    const polls = adapter.logLines.filter(
      (line) => line.message === 'Running periodic HTTP status poll' && line.at - mowingFrom >= 180_000,
    );
    expect(polls.length).toBeGreaterThanOrEqual(1);
    expect(state('diagnostics.lastLocationAgeSeconds')).toBe(0);
    expect(state('diagnostics.locationMqttStale')).toBe(false);

    await command('pause');
    await run(200_000, { moving: false });
    expect(state('status.vehicleState')).toBe('isPaused');

    await command('dock');
    await run(120_000, { moving: false });
    expect(state('status.vehicleState')).toBe('isDocked');

    // The same connection all along: no reconnect, no location recovery, no stale status, nothing worse than info.
    const said = adapter.logLines.map((line) => line.message);
    expect(said.filter((line) => /stale|reconnect|closed|Retrying MQTT/i.test(line))).toEqual([]);
    expect([...log('warn'), ...log('error')]).toEqual([]);
    expect(state('diagnostics.lastMqttRecovery')).toBeUndefined();
    expect(client() === connection && connection?.connected).toBe(true);
    // Some 300 beats, each a few queries: seconds on SQLite, more on a busy PostgreSQL; still well inside the
    // MQTT keepalive (60 s) of the wall clock.
  }, 120_000);
});
