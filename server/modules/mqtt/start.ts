import type { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { TrustedProxies } from '../../http/client-address.ts';
import type { AppMetrics } from '../../metrics.ts';
import type { Started } from '../../module.ts';
import { type CommandBudget, type Fleet, LiveCadence } from '../fleet/public.ts';
import type { Dependency } from '../health/public.ts';
import type { MowerListChanges } from '../mowers/public.ts';
import { ExternalBroker, mqttAuthRoutes } from './external-broker.ts';
import { publishLiveBeat } from './live-publishing.ts';
import { EmbeddedBroker, type Publisher, publishFleetChanges } from './mqtt-broker.ts';
import type { MqttConfig } from './mqtt-config.ts';
import { HOME_ASSISTANT_TCP_PORT, type MqttEndpoint, mqttEndpoint } from './mqtt-endpoint.ts';

export interface MqttProvides {
  /** The live cadence of unchanged state (server/modules/fleet/live-cadence.ts); tests beat it by hand. */
  liveCadence: LiveCadence;
  /** The embedded broker's TCP port once it listens. */
  mqttPort: () => number | undefined;
  /** Where `userInfo/get/v2` sends the MQTT clients. */
  mqttEndpoint: () => MqttEndpoint | undefined;
}

export interface MqttStartNeeds {
  db: Db;
  fleet: Fleet;
  commandBudget: CommandBudget;
  metrics: AppMetrics;
  mowerLists: MowerListChanges;
  /** What readiness checks (server/modules/health): an external broker is one, optional. */
  dependencies: Dependency[];
  config: { mqtt: MqttConfig; publicUrl: string; trustProxy: TrustedProxies; fleetTickMs: number };
}

/**
 * The fleet's MQTT downlink (docs/decisions/015-mqtt-broker.md): an embedded broker (TCP once the app is ready, and
 * WebSockets on the product's origin), or with several processes one external broker (Mosquitto) that every
 * process publishes to. It hears every fleet change, beats unchanged state on a cadence, and stops with the app.
 */
export async function startMqtt(
  app: FastifyInstance,
  { db, fleet, commandBudget, metrics, mowerLists, dependencies, config }: MqttStartNeeds,
): Promise<Started<MqttProvides>> {
  const { mqtt, publicUrl, trustProxy, fleetTickMs } = config;
  let broker: Publisher;
  let embedded: EmbeddedBroker | undefined;
  if (mqtt.externalUrl) {
    // Every reconnect puts every mower's retained state right again.
    const external = await ExternalBroker.connect(mqtt.externalUrl, {
      log: app.log,
      republish: (publisher) => fleet.publishAll(publishFleetChanges(publisher)),
    });
    metrics.observeExternalBroker(external);
    broker = external;
    const { username, password } = new URL(mqtt.externalUrl);
    await app.register(
      mqttAuthRoutes(
        db,
        username ? decodeURIComponent(username) : undefined,
        password ? decodeURIComponent(password) : undefined,
      ),
      { prefix: '/internal/mqtt' },
    );
    // It costs the MQTT clients their live state, not the pages and the API: reported, the process stays ready.
    dependencies.push({
      name: 'mqtt',
      optional: true,
      check: async () => {
        if (!external.connected) throw new Error('the external MQTT broker is not connected');
      },
    });
  } else {
    embedded = await EmbeddedBroker.create({ db, fleet, commandBudget, log: app.log, limits: mqtt.limits });
    // aedes emits `error` when its persistence fails; unheard, an EventEmitter's `error` ends the process.
    // (Its types name only the client events; it is an EventEmitter.)
    (embedded.broker as EventEmitter).on('error', (error: Error) => app.log.error({ err: error }, 'mqtt broker error'));
    metrics.observeEmbeddedBroker(embedded.broker);
    if (mqtt.wsPath) {
      embedded.attachWebSocket(app.server, mqtt.wsPath, trustProxy);
      // A plain GET of the WebSocket path is not a page.
      app.get(mqtt.wsPath, (_request, reply) =>
        reply
          .code(426)
          .header('Upgrade', 'websocket')
          .send({ error: { code: 'upgrade_required', message: 'MQTT over WebSocket only.' } }),
      );
    }
    broker = embedded;
  }
  fleet.onChange(publishFleetChanges(broker));
  // Unchanged state again on a cadence, so that no client's watchdog takes a quiet mower for a dead connection.
  const cadence = new LiveCadence(fleet, publishLiveBeat(broker), { lease: db, log: app.log });
  // A share accepted or ended: the accounts' MQTT connections follow their new mower lists at once.
  const unfollow = mowerLists.follow((accountIds) =>
    embedded
      ?.mowerListsChanged(accountIds)
      .catch((error: unknown) => app.log.warn({ err: error }, 'mqtt visibility refresh failed')),
  );

  let boundPort: number | undefined;
  const endpoint = () => mqttEndpoint(publicUrl, mqtt, boundPort);
  app.addHook('onReady', async () => {
    if (embedded && mqtt.port !== undefined) boundPort = await embedded.listenTcp(mqtt.port, mqtt.host);
    const advertised = endpoint();
    if (advertised && !advertised.mqttUrl && advertised.mqttPort !== HOME_ASSISTANT_TCP_PORT) {
      app.log.warn(
        { mqttHost: advertised.mqttHost, mqttPort: advertised.mqttPort },
        `Home Assistant's Navimow integration ignores mqttPort and connects to ${HOME_ASSISTANT_TCP_PORT} over TCP (docs/mqtt.md)`,
      );
    }
    // Retained state for every mower, so that the first subscriber has it at once. A database that is not there
    // yet does not stop the app: the health route says so, and the ticker catches up.
    try {
      await fleet.publishAll(publishFleetChanges(broker));
    } catch (error) {
      app.log.error({ err: error }, 'fleet start-up publishing failed');
    }
    if (fleetTickMs > 0) cadence.start();
  });
  return {
    provides: { liveCadence: cadence, mqttPort: () => boundPort, mqttEndpoint: endpoint },
    close: async () => {
      unfollow();
      await cadence.stop();
      await broker.close();
    },
  };
}
