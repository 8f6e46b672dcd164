import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedDemoData } from './db/seed.ts';
import { sweepRateLimitWindows } from './http/rate-limit-store.ts';
import { sweepSessionRetryAnswers, sweepSignInFailures, sweepUsedRefreshTokens } from './modules/accounts/public.ts';
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

const app = await buildApp({ db, config });
const sweepAll = () =>
  Promise.all([sweepExpired(db), sweepSignInFailures(db, config.signInLimits), sweepRateLimitWindows(db), sweepUsedRefreshTokens(db)]);
const sweep = setInterval(() => void sweepAll().catch((error: unknown) => app.log.error(error)), 60 * 60 * 1000);
sweep.unref();
// Sealed refresh answers serve a retry for a few seconds (REFRESH_RETRY_GRACE_MS): gone within 30 s of that.
const sweepRetryAnswers = () => Promise.all([sweepRefreshAnswers(db), sweepSessionRetryAnswers(db)]);
const retrySweep = setInterval(() => void sweepRetryAnswers().catch((error: unknown) => app.log.error(error)), 30 * 1000);
retrySweep.unref();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => db.destroy()).finally(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Navimow on http://${config.host}:${config.port} (${kind}${seeded ? ', demo data seeded' : ''}${config.simulator ? ', simulated native app' : ''})`,
);
