import type { MqttLimits } from './mqtt-limits.ts';

/** The MQTT settings (`MQTT_*`, server/config.ts builds them): the embedded broker or an external one, and where clients are sent. */
export interface MqttConfig {
  port: number | undefined;
  host: string;
  publicHost: string | undefined;
  publicPort: number | undefined;
  wsPath: string | undefined;
  externalUrl?: string | undefined;
  limits: MqttLimits;
}
