import { createHash, timingSafeEqual } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { isPrivateAddress } from '../../http/client-address.ts';
import { mayUseMower } from '../mowers/public.ts';
import { DOWNLINK, type Publisher } from './mqtt-broker.ts';
import { liveMqttAccount, verifyMqttCredentials } from './mqtt-credentials.ts';

interface Log {
  info(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

/** Publishes waiting for a republish beyond this are dropped (the republish sends their mowers' state anyway). */
const MAX_WAITING_PUBLISHES = 1000;
/** Unsent bytes on the connection beyond which publishes are dropped: a broker that stalls without closing. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How soon after a broker comes back the server is connected again (subscribers then have the current state). */
const RECONNECT_MS = 500;
/** A failed republish (the database down too) is tried again this often while the broker is connected. */
const REPUBLISH_RETRY_MS = 2000;

export interface ExternalBrokerOptions {
  log: Log;
  /**
   * Publishes the current retained state of every mower through `publisher`: run on every reconnect, so that a
   * broker that lost its retained messages (no persistence) or kept old ones (persistence), and the subscribers
   * who reconnected to it, hold what was committed while it was away.
   */
  republish: (publisher: Publisher) => Promise<void>;
  /** How long the first connection may take before the start gives up. */
  connectTimeoutMs?: number;
}

/** Why the first connection failed, in one line naming `MQTT_URL` (server/main.ts prints it instead of a stack). */
export class BrokerStartError extends Error {}

/**
 * Several server processes behind one external broker (docs/decisions/015-mqtt-broker.md, `MQTT_URL`): each process
 * publishes the changes it commits on the public downlink (state and attributes retained, events not). The
 * connection reconnects by itself; what is published while it is down is dropped (QoS 0, as on the embedded
 * broker), and every reconnect republishes every mower's current state, so subscribers hold what was committed
 * during the outage (docs/operations.md). The pages' live streams do not pass through the broker
 * (server/modules/fleet/live-changes.ts).
 */
export class ExternalBroker implements Publisher {
  private readonly client: MqttClient;
  private readonly options: ExternalBrokerOptions;
  /** The republish running: publishes wait for it, so its snapshot never goes out after a later change. */
  private republishing: Promise<void> | undefined;
  private waiting = 0;
  private retry: NodeJS.Timeout | undefined;
  /** What it sent and dropped since start, and how often it reconnected (server/http/metrics.ts reads them). */
  readonly counts = { published: 0, dropped: 0, reconnects: 0 };

  private constructor(client: MqttClient, options: ExternalBrokerOptions) {
    this.client = client;
    this.options = options;
  }

  get connected(): boolean {
    return this.client.connected;
  }

  static async connect(url: string, options: ExternalBrokerOptions): Promise<ExternalBroker> {
    const { log, connectTimeoutMs = 10_000 } = options;
    const client = mqtt.connect(url, {
      clientId: `navimow-server-${process.pid}-${Math.random().toString(36).slice(2, 10)}`,
      reconnectPeriod: 0,
      connectTimeout: connectTimeoutMs,
      // A publish while the connection is down is dropped here, not kept in memory for the next connection.
      queueQoSZero: false,
    });
    // The first connection must work: a wrong URL, a refused port or a broker that never answers stops the start
    // with one line.
    await new Promise<void>((resolve, reject) => {
      const silent = `no answer within ${connectTimeoutMs / 1000} s`;
      const timer = setTimeout(() => fail(silent), connectTimeoutMs);
      // The client library's own time-out for the broker's CONNACK may come first.
      const onError = (error: Error) => fail(error.message === 'connack timeout' ? silent : startCause(error));
      const onClose = () => fail('the connection closed before the broker answered');
      // Only our own listeners go: the client library listens to its own events too.
      const settle = () => {
        clearTimeout(timer);
        client.off('error', onError).off('close', onClose);
      };
      function fail(cause: string) {
        settle();
        client.on('error', () => undefined);
        client.end(true);
        reject(new BrokerStartError(`Cannot connect to the MQTT broker of MQTT_URL (${redacted(url)}): ${cause}.`));
      }
      client.once('connect', () => {
        settle();
        resolve();
      });
      client.on('error', onError);
      client.on('close', onClose);
    });
    const broker = new ExternalBroker(client, options);
    client.options.reconnectPeriod = RECONNECT_MS;
    // One line per outage, not one per refused attempt every RECONNECT_MS.
    let down = false;
    client.on('error', (error) => down || log.warn({ err: error }, 'external MQTT broker'));
    client.on('offline', () => {
      if (!down) log.warn({}, 'external MQTT broker unreachable: reconnecting');
      down = true;
    });
    client.on('connect', () => {
      down = false;
      broker.counts.reconnects += 1;
      log.info({}, 'reconnected to the external MQTT broker: republishing every mower');
      broker.republish();
    });
    return broker;
  }

  private republish(): void {
    clearTimeout(this.retry);
    const direct: Publisher = { publish: async (...args) => this.send(...args), close: async () => {} };
    const run = this.options
      .republish(direct)
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'republishing to the external MQTT broker failed: trying again');
        this.retry = setTimeout(() => this.client.connected && this.republish(), REPUBLISH_RETRY_MS);
        this.retry.unref();
      })
      .finally(() => {
        if (this.republishing === run) this.republishing = undefined;
      });
    this.republishing = run;
  }

  /**
   * Written at once, not awaited: a QoS 0 publish on a connection that has just died may never be acknowledged by
   * the client library, and must not hold up the next. Dropped while down, or while the socket still holds more
   * than `MAX_BUFFERED_BYTES` (a broker that stalls without closing): memory stays bounded either way.
   */
  private send(topic: string, payload: unknown, retain: boolean): void {
    if (!this.client.connected || (this.client.stream?.writableLength ?? 0) > MAX_BUFFERED_BYTES) {
      this.counts.dropped += 1;
      return;
    }
    this.client.publish(topic, JSON.stringify(payload), { qos: 0, retain });
    this.counts.published += 1;
  }

  async publish(topic: string, payload: unknown, retain: boolean): Promise<void> {
    // A change committed while a republish reads its snapshot is published after it, never under it.
    if (this.republishing) {
      if (this.waiting >= MAX_WAITING_PUBLISHES) {
        this.counts.dropped += 1;
        return;
      }
      this.waiting += 1;
      await this.republishing.finally(() => (this.waiting -= 1));
    }
    this.send(topic, payload, retain);
  }

  async close(): Promise<void> {
    clearTimeout(this.retry);
    await this.client.endAsync(true);
  }
}

/** `MQTT_URL` without its password, for the start-up line. */
function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

function startCause(error: Error & { code?: string | number }): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the broker running, on that port?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'unknown host';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 4:
    case 5:
    case 134:
    case 135:
      return 'the broker refused the user name or password';
    default:
      return error.message;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();
const sameSecret = (given: string, expected: string) =>
  expected !== '' && timingSafeEqual(digest(given), digest(expected));

const USER = z.object({
  username: z.string().max(200),
  password: z.string().max(200).optional(),
  clientid: z.string().max(200).optional(),
});
const ACL = z.object({
  username: z.string().max(200),
  clientid: z.string().max(200).optional(),
  topic: z.string().max(1000),
  acc: z.coerce.number().int(),
});
/** mosquitto-go-auth's access kinds: 1 read (deliver), 2 write (publish), 3 both, 4 subscribe. */
const READ = new Set([1, 4]);

/**
 * Whether a request reached these routes straight from the broker: from this machine or a private network, and not
 * through the reverse proxy (which adds `X-Forwarded-For`). From anywhere else, they are not there (404): they would
 * otherwise let anyone try passwords, the server's own broker account's among them, without a limit.
 */
function fromBrokerNetwork(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  return isPrivateAddress(request.socket.remoteAddress ?? '');
}

/**
 * The checks of the external broker's auth plugin (mosquitto-go-auth, HTTP backend, JSON parameters, status
 * responses: 200 allows, 403 refuses): the same rules as the embedded broker. A user is a pair from
 * `userInfo/get/v2` (or the server's own account of `MQTT_URL`); a user may read or subscribe to the downlink of
 * its own and shared mowers and publish nothing; the server's account may do everything. Each answer is only yes
 * or no, what a CONNECT to the broker tells anyone; only the broker's network may ask (`fromBrokerNetwork`).
 */
export function mqttAuthRoutes(
  db: Db,
  serverUser: string | undefined,
  serverPassword: string | undefined,
): FastifyPluginAsyncZod {
  const isServer = (username: string) => serverUser !== undefined && username === serverUser;
  const answer = (allowed: boolean) => (allowed ? { ok: true } : { ok: false });
  return async (app) => {
    // Answered as the server answers any path it does not have (server/http/pages.ts).
    app.addHook('onRequest', async (request, reply) => {
      if (!fromBrokerNetwork(request)) await reply.callNotFound();
    });
    app.post('/user', { schema: { body: USER } }, async (request, reply) => {
      const { username, password = '' } = request.body;
      const allowed = isServer(username)
        ? sameSecret(password, serverPassword ?? '')
        : (await verifyMqttCredentials(db, username, password, Date.now())) !== undefined;
      return reply.code(allowed ? 200 : 403).send(answer(allowed));
    });
    app.post(
      '/superuser',
      { schema: { body: z.object({ username: z.string().max(200) }) } },
      async (request, reply) => {
        const allowed = isServer(request.body.username);
        return reply.code(allowed ? 200 : 403).send(answer(allowed));
      },
    );
    app.post('/acl', { schema: { body: ACL } }, async (request, reply) => {
      const { username, topic, acc } = request.body;
      let allowed = isServer(username);
      if (!allowed && READ.has(acc)) {
        const match = DOWNLINK.exec(topic);
        const serial = match?.[1];
        // Only while the pair still works (unexpired, its session or link alive): Mosquitto keeps a connection open
        // past its CONNECT, but asks here for every delivery (behind the plugin's cache of a few seconds), so a
        // signed-out session or a revoked link stops receiving at once.
        const accountId = serial && !serial.includes('#') ? await liveMqttAccount(db, username, Date.now()) : undefined;
        // A `+` for the mower (navimow-sdk without a device list) may be subscribed; each delivery is then checked
        // with its real topic (Mosquitto asks for read access per message).
        allowed = accountId !== undefined && (serial === '+' ? acc === 4 : await mayUseMower(db, accountId, serial!));
      }
      return reply.code(allowed ? 200 : 403).send(answer(allowed));
    });
  };
}
