/**
 * The product's server for `npm run bench:mqtt` (scripts/bench-mqtt.ts), in a process of its own so that its memory
 * is measured apart from the clients': demo data on an in-memory SQLite, the embedded broker on a free TCP port,
 * the limits as configured. Started with `--expose-gc` and an IPC channel: it sends `{ httpPort, mqttPort }` once
 * it listens, and answers each `memory` message with its memory after a full garbage collection.
 */
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { seedDemoData } from '../server/db/seed.ts';

const database = openDatabase('file::memory:');
await migrateToLatest(database);
await seedDemoData(database.db);
const config = loadConfig({
  ...process.env,
  NAVIMOW_DEMO: 'on',
  LOG_LEVEL: 'warn',
  MQTT_PORT: '0',
  MQTT_PUBLIC_PORT: '1883',
  FLEET_TICK_MS: '0',
});
const { app, mqttPort } = await buildApp({ db: database.db, config: { ...config, webRoot: undefined } });
await app.listen({ port: 0, host: '127.0.0.1' });

const collect = (globalThis as { gc?: () => void }).gc;
process.on('message', (message) => {
  if (message !== 'memory') return;
  collect?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.send!({ rss, heapUsed, external, arrayBuffers });
});
process.on('disconnect', () => void app.close().then(() => process.exit(0)));
process.send!({ httpPort: (app.server.address() as { port: number }).port, mqttPort: mqttPort() });
