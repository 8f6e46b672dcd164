/** What the rest of the server may use of the mqtt module (docs/decisions/008-import-boundaries.md). */
import { defineModule, HOUR_MS } from '../../module.ts';
import { sweepExpiredMqttCredentials } from './mqtt-credentials.ts';
import { mqttSettings } from './settings.ts';
import { startMqtt } from './start.ts';
export { BrokerStartError, ExternalBroker, mqttAuthRoutes } from './external-broker.ts';
export { EmbeddedBroker, type Publisher, publishFleetChanges } from './mqtt-broker.ts';
export { publishLiveBeat } from './live-publishing.ts';
export { type MqttConfig } from './mqtt-config.ts';
export { issueMqttCredentials, sweepExpiredMqttCredentials } from './mqtt-credentials.ts';
export { HOME_ASSISTANT_TCP_PORT, type MqttEndpoint, mqttEndpoint } from './mqtt-endpoint.ts';
export { defaultUnauthenticatedTotal, MQTT_MAX_CONNECT_BYTES, type MqttLimits, openFileLimit } from './mqtt-limits.ts';

export const mqttModule = defineModule({
  name: 'mqtt',
  settings: mqttSettings,
  start: startMqtt,
  sweeps: [
    { name: 'expired MQTT credentials', everyMs: HOUR_MS, run: (db) => sweepExpiredMqttCredentials(db, Date.now()) },
  ],
});
