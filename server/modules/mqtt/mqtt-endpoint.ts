import type { MqttConfig } from './mqtt-config.ts';

/** Where `userInfo/get/v2` sends MQTT clients (contract section 6): TCP, or a TLS WebSocket. */
export type MqttEndpoint =
  | {
      /** The broker's host. */
      mqttHost: string;
      /** The broker's TCP port. Home Assistant ignores it: without `mqttUrl` it always connects to 1883. */
      mqttPort: number;
      mqttUrl?: undefined;
    }
  | {
      /** The WebSocket's host (the clients take it from here, not from `mqttUrl`). */
      mqttHost: string;
      /**
       * No TCP port beside the WebSocket, as the real cloud answers: homebridge-navimow would put it on the
       * WebSocket's URL (`wss://host:<mqttPort ?? 443><path>`), and 1883 there is no TLS port.
       */
      mqttPort?: undefined;
      /** The TLS WebSocket: a path on port 443 of `mqttHost`, or a full `wss://host:port/path` on another port. */
      mqttUrl: string;
    };

/** The port Home Assistant's Navimow integration connects to over TCP, whatever `mqttPort` says. */
export const HOME_ASSISTANT_TCP_PORT = 1883;

/** The TCP port of an external broker's URL (none for WebSocket URLs). */
function externalTcpPort(url: string): number | undefined {
  const { protocol, port } = new URL(url);
  if (protocol === 'mqtt:') return Number(port || 1883);
  if (protocol === 'mqtts:') return Number(port || 8883);
  return undefined;
}

/**
 * What `userInfo/get/v2` answers (docs/mqtt.md), from the public origin and the MQTT settings.
 *
 * Home Assistant and navimow-sdk connect in one of two ways, chosen by `mqttUrl` alone:
 * - without it, plain MQTT over TCP to `mqttHost`;
 * - with it, MQTT over a TLS WebSocket to `mqttHost`, on 443 unless `mqttUrl` is a full URL with another port.
 * So the WebSocket is offered only when the public origin is https (a TLS proxy in front, forwarding the WebSocket
 * path), as a path when that origin is on 443 (what every client reads), else as a full URL with its port; and
 * `mqttHost` is then the host of that WebSocket. Undefined when clients have no way in (no TCP, no WebSocket).
 */
export function mqttEndpoint(
  publicUrl: string,
  mqtt: MqttConfig,
  boundTcpPort: number | undefined,
): MqttEndpoint | undefined {
  const origin = new URL(publicUrl);
  const mqttHost = mqtt.publicHost ?? origin.hostname;
  const tcpPort =
    mqtt.publicPort ?? (mqtt.externalUrl ? externalTcpPort(mqtt.externalUrl) : (boundTcpPort ?? mqtt.port));
  if (!mqtt.wsPath || origin.protocol !== 'https:')
    return tcpPort === undefined ? undefined : { mqttHost, mqttPort: tcpPort };
  const wsPort = Number(origin.port || 443);
  const mqttUrl = wsPort === 443 ? mqtt.wsPath : `wss://${mqttHost}:${wsPort}${mqtt.wsPath}`;
  return { mqttHost, mqttUrl };
}
