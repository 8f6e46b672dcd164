import type { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { livingOrigins } from './db/credential-origins.ts';
import { type Db, onRevocation } from './db/database.ts';
import type { TrustedProxies } from './http/client-address.ts';
import type { RequireCaller } from './modules/accounts/public.ts';
import {
  type Clock,
  CommandBudget,
  type CommandLimits,
  Fleet,
  followLiveChanges,
  LiveCadence,
  LiveFeed,
  postFleetMessages,
  serveFleetApi,
} from './modules/fleet/public.ts';
import {
  EmbeddedBroker,
  ExternalBroker,
  HOME_ASSISTANT_TCP_PORT,
  mqttAuthRoutes,
  type MqttConfig,
  mqttEndpoint,
  type Publisher,
  publishFleetChanges,
  publishLiveBeat,
} from './modules/mqtt/public.ts';
import { openApiRoutes } from './modules/navimow-api/public.ts';
import type { AppMetrics } from './metrics.ts';

export interface LiveFleetOptions {
  db: Db;
  /** Who calls a route (accounts' `createRequireCaller`). */
  requireCaller: RequireCaller;
  clock: Clock | undefined;
  publicUrl: string;
  tickMs: number;
  mqtt: MqttConfig;
  simulator: boolean;
  /** The reverse proxies believed about a WebSocket client's address (`TRUST_PROXY`). */
  trustProxy: TrustedProxies;
  commandLimits: CommandLimits;
  metrics: AppMetrics;
}

/**
 * Wires the mower cloud's three modules into the app (docs/decisions/025-mower-cloud-modules.md): the fleet
 * (server/modules/fleet), its MQTT broker (server/modules/mqtt) and the Navimow-compatible API
 * (server/modules/navimow-api). Messages and MQTT hear the fleet's changes, /openapi serves the Navimow-compatible API,
 * the broker listens on TCP and on the WebSocket path once the app is ready, and the ticker plays the fleet in
 * real time (`tickMs` 0: tests move the clock themselves). Everything stops with the app.
 */
export async function liveFleet(
  app: FastifyInstance,
  {
    db,
    requireCaller,
    clock,
    publicUrl,
    tickMs,
    mqtt,
    simulator,
    trustProxy,
    commandLimits,
    metrics,
  }: LiveFleetOptions,
) {
  const fleet = new Fleet(db, { clock, log: app.log });
  const commandBudget = new CommandBudget(db, commandLimits, fleet.clock);
  metrics.observeCommandBudget(commandBudget);
  fleet.onChange(postFleetMessages(db));
  const feed = new LiveFeed();
  // A sign-out, an unlink or a revoked token, here or (PostgreSQL) in another process: its streams end now.
  const stopFollowingRevocations = onRevocation(db, () =>
    feed
      .recheckOrigins((origins) => livingOrigins(db, origins, Date.now()))
      .catch((error: unknown) => app.log.warn({ err: error }, 'live stream credential recheck failed')),
  );
  // The pages' streams hear every process's changes from the database, never through a broker.
  const liveChanges = await followLiveChanges(db, feed, app.log);
  fleet.onChange(liveChanges.listener);
  let broker: Publisher;
  let embedded: EmbeddedBroker | undefined;
  let external: ExternalBroker | undefined;
  if (mqtt.externalUrl) {
    // Several processes: one external broker carries the downlink (docs/decisions/015-mqtt-broker.md); no embedded
    // broker, no MQTT port of our own. Every reconnect puts every mower's retained state right again.
    external = await ExternalBroker.connect(mqtt.externalUrl, {
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
      {
        prefix: '/internal/mqtt',
      },
    );
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

  let boundPort: number | undefined;
  const endpoint = () => mqttEndpoint(publicUrl, mqtt, boundPort);
  await app.register(openApiRoutes, {
    prefix: '/openapi',
    db,
    requireCaller,
    fleet,
    commandBudget,
    mqttEndpoint: endpoint,
  });

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
      await fleet.advanceDue();
      await fleet.publishAll(publishFleetChanges(broker));
    } catch (error) {
      app.log.error({ err: error }, 'fleet start-up publishing failed');
    }
    fleet.start(tickMs);
    if (tickMs > 0) cadence.start();
  });
  // Open streams would keep the HTTP server from closing.
  app.addHook('preClose', async () => feed.endAll());
  app.addHook('onClose', async () => {
    stopFollowingRevocations();
    await liveChanges.stop();
    await fleet.stop();
    await cadence.stop();
    await broker.close();
  });

  return {
    /** The mowers' live state (server/modules/fleet). */
    fleet,
    /** How many commands reach the mowers (server/modules/fleet/command-budget.ts), for every way of sending one. */
    commandBudget,
    /** The pages' live streams of this process (server/modules/fleet/live-stream.ts). */
    liveFeed: feed,
    /** The live cadence (server/modules/fleet/live-cadence.ts): tests beat it by hand. */
    liveCadence: cadence,
    /** The embedded MQTT broker's TCP port once it listens. */
    mqttPort: (): number | undefined => boundPort,
    /** The external broker, for readiness (none: the embedded one lives and dies with the process). */
    brokerDependency: external && {
      name: 'mqtt',
      optional: true,
      check: async () => {
        if (!external.connected) throw new Error('the external MQTT broker is not connected');
      },
    },
    /** The fleet's routes of the API table (common/api/fleet.ts), the simulator's only with the simulator on. */
    apiRoutes: (api: FastifyInstance) => serveFleetApi(api, { db, requireCaller, fleet, feed, simulator }),
    /** A share accepted or ended: the accounts' MQTT connections and pages' live streams follow their new mower lists at once. */
    mowerListChanged: async (accountIds: readonly string[]) => {
      feed.mowerListsChanged(accountIds);
      await embedded
        ?.mowerListsChanged(accountIds)
        .catch((error: unknown) => app.log.warn({ err: error }, 'mqtt visibility refresh failed'));
    },
  };
}
