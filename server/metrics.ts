import type { Aedes } from 'aedes';
import Fastify, { type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, postgresPool } from './db/database.ts';
import { isDatabaseOutage } from './http/errors.ts';

/**
 * The metrics of the process's own Node runtime (event-loop delay, heap, GC, CPU), kept once per process: several
 * apps in one process (the tests) share them, and each collector runs for as long as the process does.
 */
let runtime: Registry | undefined;
function runtimeRegistry(): Registry {
  if (!runtime) {
    runtime = new Registry();
    collectDefaultMetrics({ register: runtime, eventLoopMonitoringPrecision: 10 });
  }
  return runtime;
}

/** Counts kept by their owner (the external broker, the command budget), read when Prometheus scrapes. */
type Counts = () => readonly (readonly [labels: Record<string, string>, value: number])[];

/**
 * The app's metrics in Prometheus's text format (docs/decisions/037-operations-metrics.md; each one explained, with
 * what to alert on, in docs/operations.md). Served by `metricsServer` on `METRICS_PORT`, never on the public port.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'navimow_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'navimow_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly databaseErrors = new Counter({
    name: 'navimow_database_errors_total',
    help: 'Requests failed by the database: unavailable (down, restarting, out of connections, disk) or query.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  /** Counts every answer by its route's pattern (`/api/mowers/:serial`, never the raw URL) and database failures. */
  observeRequests(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const method = request.method;
      this.requests.inc({ method, route, status: String(reply.statusCode) });
      this.latency.observe({ method, route }, reply.elapsedTime / 1000);
    });
    // Before the error handler turns the error into an answer (a 503 for an outage).
    app.addHook('onError', async (_request, _reply, error) => {
      if (isDatabaseOutage(error)) this.databaseErrors.inc({ kind: 'unavailable' });
      else if (isQueryError(error)) this.databaseErrors.inc({ kind: 'query' });
    });
  }

  /** PostgreSQL's pool: connections open, idle, and requests waiting for one. SQLite has no pool: none shown. */
  observeDatabase(db: Db): void {
    const pool = postgresPool(db);
    if (!pool) return;
    new Gauge({
      name: 'navimow_database_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for a connection (waiting).',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'navimow_database_pool_max',
      help: 'PostgreSQL pool: the most connections it opens.',
      registers: [this.registry],
      collect() {
        this.set(pool.options.max);
      },
    });
  }

  /** The embedded broker (aedes): clients connected, connections accepted, messages published by whom. */
  observeEmbeddedBroker(broker: Aedes): void {
    new Gauge({
      name: 'navimow_mqtt_clients',
      help: 'MQTT clients connected to the embedded broker.',
      registers: [this.registry],
      collect() {
        this.set(broker.connectedClients);
      },
    });
    const connections = new Counter({
      name: 'navimow_mqtt_connections_total',
      help: 'MQTT connections the embedded broker accepted (signed in).',
      registers: [this.registry],
    });
    const messages = new Counter({
      name: 'navimow_mqtt_messages_total',
      help: 'MQTT messages published: by the server (state, attributes, events) or by clients (commands).',
      labelNames: ['source'] as const,
      registers: [this.registry],
    });
    broker.on('client', () => connections.inc());
    broker.on('publish', (packet, client) => {
      // aedes's own $SYS heartbeats are not traffic.
      if (!packet.topic.startsWith('$SYS')) messages.inc({ source: client ? 'client' : 'server' });
    });
  }

  /** The external broker (`MQTT_URL`): connected or not, what was published, dropped while down, reconnects. */
  observeExternalBroker(broker: {
    readonly connected: boolean;
    readonly counts: { published: number; dropped: number; reconnects: number };
  }): void {
    new Gauge({
      name: 'navimow_mqtt_broker_connected',
      help: 'Whether this process is connected to the external MQTT broker (1) or reconnecting (0).',
      registers: [this.registry],
      collect() {
        this.set(broker.connected ? 1 : 0);
      },
    });
    this.counter('navimow_mqtt_messages_total', 'MQTT messages published: by the server.', ['source'], () => [
      [{ source: 'server' }, broker.counts.published],
    ]);
    this.counter(
      'navimow_mqtt_messages_dropped_total',
      'MQTT messages dropped because the external broker was down or stalled (each reconnect republishes the state).',
      [],
      () => [[{}, broker.counts.dropped]],
    );
    this.counter('navimow_mqtt_reconnects_total', 'Reconnections to the external MQTT broker.', [], () => [
      [{}, broker.counts.reconnects],
    ]);
  }

  /** Commands refused by the command budget, by the bucket that was empty (a mower's or an account's). */
  observeCommandBudget(budget: { readonly refused: Readonly<Record<'mower' | 'account', number>> }): void {
    this.counter(
      'navimow_command_budget_refused_total',
      "Requests of commands refused because a mower's or an account's command budget was spent.",
      ['bucket'],
      () => [
        [{ bucket: 'mower' }, budget.refused.mower],
        [{ bucket: 'account' }, budget.refused.account],
      ],
    );
  }

  /** A counter whose owner keeps the count: set from it at each scrape. */
  private counter(name: string, help: string, labelNames: string[], read: Counts): void {
    new Counter({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [labels, value] of read()) this.inc(labels, value);
      },
    });
  }

  /** The text Prometheus scrapes: this app's metrics and the process's runtime. */
  async scrape(): Promise<string> {
    return `${await this.registry.metrics()}\n${await runtimeRegistry().metrics()}`;
  }
}

function isQueryError(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return name === 'DatabaseError' || name === 'SqliteError' || (typeof code === 'string' && code.startsWith('SQLITE_'));
}

/**
 * `GET /metrics` on a listener of its own (`METRICS_PORT`, on `METRICS_HOST`, 127.0.0.1 by default), so that the
 * public port and the reverse proxy never serve it (docs/decisions/037-operations-metrics.md).
 */
export function metricsServer(metrics: AppMetrics): FastifyInstance {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) =>
    reply.header('content-type', metrics.registry.contentType).send(await metrics.scrape()),
  );
  return server;
}
