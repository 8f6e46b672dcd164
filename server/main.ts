import { buildApp } from './app.ts';
import { ConfigError, listenError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedDemoData } from './db/seed.ts';
import { sweepRateLimitWindows } from './http/rate-limit-store.ts';
import { sweepSessionRetryAnswers, sweepSignInFailures, sweepUsedRefreshTokens } from './modules/accounts/public.ts';
import { sweepCommandBuckets } from './modules/fleet/public.ts';
import { sweepOldMessages } from './modules/messages/public.ts';
import { sweepCommandResults } from './modules/navimow-api/public.ts';
import { sweepExpired, sweepRefreshAnswers } from './modules/oauth/public.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const database = openDatabase(config.databaseUrl);
const { db, kind } = database;
await migrateToLatest(database);
const seeded = config.demo && (await seedDemoData(db));

const { app } = await buildApp({ db, config });
/** Sweeps in progress: the database stays open until they are done. */
const sweeping = new Set<Promise<void>>();
function every(ms: number, sweep: () => Promise<unknown>): NodeJS.Timeout {
  const timer = setInterval(() => {
    const run: Promise<void> = sweep()
      .then(
        () => undefined,
        (error: unknown) => app.log.error(error),
      )
      .finally(() => sweeping.delete(run));
    sweeping.add(run);
  }, ms);
  timer.unref();
  return timer;
}
const sweeps = [
  every(60 * 60 * 1000, () =>
    Promise.all([
      sweepExpired(db),
      sweepSignInFailures(db, config.signInLimits),
      sweepRateLimitWindows(db),
      sweepUsedRefreshTokens(db),
      sweepCommandBuckets(db),
      sweepCommandResults(db),
      sweepOldMessages(db, config.messageRetention),
    ]),
  ),
  // Sealed refresh answers serve a retry for a few seconds (REFRESH_RETRY_GRACE_MS): gone within 30 s of that.
  every(30 * 1000, () => Promise.all([sweepRefreshAnswers(db), sweepSessionRetryAnswers(db)])),
];

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const timer of sweeps) clearInterval(timer);
    void app
      .close()
      .then(() => Promise.allSettled(sweeping))
      .then(() => db.destroy())
      .finally(() => process.exit(0));
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const cause = listenError(error, config);
  if (!cause) throw error;
  // The one line that says what to change, not Node's stack trace.
  console.error(cause.message);
  process.exit(1);
}
app.log.info(
  `Navimow on http://${config.host}:${config.port} (${kind}${seeded ? ', demo data seeded' : ''}${config.simulator ? ', simulated native app' : ''})`,
);
