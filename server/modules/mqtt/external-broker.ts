import { createHash, timingSafeEqual } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MowerStatusDto } from '../../../common/fleet.ts';
import type { Db } from '../../db/database.ts';
import { isPrivateAddress } from '../../http/client-address.ts';
import { mayUseMower } from '../mowers/public.ts';
import { type FleetChange, type LiveFeed, statusOf } from '../fleet/public.ts';
import { DOWNLINK, type Publisher } from './mqtt-broker.ts';
import { liveMqttAccount, verifyMqttCredentials } from './mqtt-credentials.ts';

/**
 * The app's own status of each mower for the pages' live streams of every process (`MowerStatusDto`), beside the
 * public downlink. Only the server's account may read or write it (the ACL check below).
 */
export const statusTopic = (serial: string) => `navimow-server/status/${serial}`;
const STATUS = /^navimow-server\/status\/([^/]+)$/;

interface Log {
  info(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
}

/**
 * Several server processes behind one external broker (docs/decisions/015-mqtt-broker.md, `MQTT_URL`): each process
 * publishes the changes it commits (the public downlink, retained state and attributes, and the app's status), and
 * hears every process's status changes, for its own pages' live streams. The connection reconnects by itself;
 * what is published while it is down is dropped (QoS 0, as on the embedded broker), and the next change or the
 * retained state of the next start puts subscribers right.
 */
export class ExternalBroker implements Publisher {
  private readonly client: MqttClient;

  private constructor(client: MqttClient) {
    this.client = client;
  }

  static async connect(url: string, feed: LiveFeed, log: Log): Promise<ExternalBroker> {
    const client = mqtt.connect(url, {
      clientId: `navimow-server-${process.pid}-${Math.random().toString(36).slice(2, 10)}`,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
    });
    client.on('message', (topic, payload) => {
      const match = STATUS.exec(topic);
      if (!match) return;
      try {
        const status = JSON.parse(payload.toString()) as MowerStatusDto;
        if (status.serial_number === match[1]) feed.push(status);
      } catch {
        log.warn({ topic }, 'unreadable status on the external broker');
      }
    });
    client.on('error', (error) => log.warn({ err: error }, 'external MQTT broker'));
    client.on('reconnect', () => log.info({}, 'reconnecting to the external MQTT broker'));
    // The first connection must work: a wrong URL or password stops the start with a clear message.
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    await client.subscribeAsync(statusTopic('+'), { qos: 0 });
    return new ExternalBroker(client);
  }

  async publish(topic: string, payload: unknown, retain: boolean): Promise<void> {
    if (!this.client.connected) return;
    await this.client.publishAsync(topic, JSON.stringify(payload), { qos: 0, retain });
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}

/** The app's status of each committed change, for every process's live streams. */
export function publishStatusChanges(publisher: Publisher) {
  return async ({ view }: FleetChange) => publisher.publish(statusTopic(view.serial), statusOf(view), false);
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
