import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { seedDemoData } from '../server/db/seed.ts';

export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
export const webRoot = join(repositoryRoot, 'dist/web');

/**
 * The production server (no simulator) over the current build and a throwaway in-memory database: what the
 * benchmarks measure, so that they measure what users get, compression and preloads included.
 */
export async function startBenchServer({ seed = false } = {}): Promise<FastifyInstance> {
  if (!existsSync(join(webRoot, '.vite/manifest.json'))) {
    throw new Error(`No build in ${webRoot}: run npm run build first.`);
  }
  const database = openDatabase('file::memory:');
  await migrateToLatest(database);
  // The demo accounts cost a few password hashes: only for benchmarks that sign in.
  if (seed) await seedDemoData(database.db);
  // The MQTT broker on a port of its own choosing: the benchmarks do not use it, and 1883 may be taken.
  const config = loadConfig({
    NAVIMOW_DEMO: 'on',
    NAVIMOW_SIMULATOR: 'off',
    LOG_LEVEL: 'warn',
    WEB_ROOT: webRoot,
    MQTT_PORT: '0',
    // Every request comes from 127.0.0.1: the page throughput measured is the server's, not its flood limit's.
    PAGE_REQUESTS_PER_MINUTE: '100000000',
  });
  const { app } = await buildApp({ db: database.db, config });
  app.addHook('onClose', () => database.db.destroy());
  return app;
}
