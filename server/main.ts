import { buildApp } from './app.ts';
import { type Config, ConfigError, databaseError, listenError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedDemoData } from './db/seed.ts';
import { metricsServer } from './metrics.ts';
import { serverModules } from './modules.ts';
import { BrokerStartError } from './modules/mqtt/public.ts';
import { keepServingOnStrayErrors } from './stray-errors.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
/** Opens and migrates the database and builds the server: what stops here is mostly the database's fault. */
async function start(config: Config) {
  const database = openDatabase(config.databaseUrl, { timeouts: config.databaseTimeouts });
  await migrateToLatest(database);
  const seeded = config.demo && (await seedDemoData(database.db));
  const built = await buildApp({ db: database.db, config });
  return { ...database, built, seeded };
}

let started;
try {
  started = await start(config);
} catch (error) {
  // The one line that says what to change, not the stack trace of whichever query met it first: a broker refused,
  // unreachable or silent (MQTT_URL), or a database the server cannot use (DATABASE_URL).
  const cause = error instanceof BrokerStartError ? error : databaseError(error, config);
  if (!cause) throw error;
  console.error(cause.message);
  process.exit(1);
}
const { built, db, kind, seeded } = started;
const { app } = built;
const metrics = config.metrics.port === undefined ? undefined : metricsServer(built.metrics);
/** Sweeps in progress: the database stays open until they are done. */
const sweeping = new Set<Promise<void>>();
// Every module's sweeps, each on its own timer (server/modules.ts).
const sweeps = serverModules.flatMap((module) =>
  module.sweeps.map(({ name, everyMs, run }) => {
    const timer = setInterval(() => {
      const running: Promise<void> = run(db, config)
        .then(
          () => undefined,
          (error: unknown) => app.log.error({ err: error, module: module.name }, `sweep of ${name} failed`),
        )
        .finally(() => sweeping.delete(running));
      sweeping.add(running);
    }, everyMs);
    timer.unref();
    return timer;
  }),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const timer of sweeps) clearInterval(timer);
    // Fastify stops accepting connections, ends the live streams and waits for the requests in flight
    // (docs/operations.md: rolling restart); the proxy sends new ones to the other processes meanwhile.
    void Promise.all([app.close(), metrics?.close()])
      .then(() => Promise.allSettled(sweeping))
      .then(() => db.destroy())
      .finally(() => process.exit(0));
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  if (metrics) await metrics.listen({ port: config.metrics.port, host: config.metrics.host });
} catch (error) {
  const cause = listenError(error, config);
  if (!cause) throw error;
  // The one line that says what to change, not Node's stack trace.
  console.error(cause.message);
  process.exit(1);
}
// From here on an error no handler caught is logged and the server goes on (decision record 036); before, it ends the start.
keepServingOnStrayErrors(app.log);
app.log.info(
  `Navimow on http://${config.host}:${config.port} (${kind}${seeded ? ', demo data seeded' : ''}${config.simulator ? ', simulated native app' : ''})`,
);
