import { z } from 'zod';
import { defineSettings } from '../../settings.ts';
import { defaultUnauthenticatedTotal, MQTT_MAX_CONNECT_BYTES, openFileLimit } from './mqtt-limits.ts';

const port = z.coerce.number().int().min(0).max(65535);

export const mqttSettings = defineSettings({
  MQTT_PORT: {
    schema: z.union([z.literal('off'), port]).default(1883),
    description:
      'TCP port of the embedded MQTT broker (`off`: no TCP listener; `0`: a free port); not `PORT`. A port already taken stops the start with one line naming the setting to change',
  },
  MQTT_HOST: {
    schema: z.string().min(1).optional(),
    default: '`$HOST`',
    description: "address the broker's TCP port binds to",
  },
  MQTT_PUBLIC_HOST: {
    schema: z.string().min(1).optional(),
    default: "`PUBLIC_URL`'s host",
    description:
      'the host `/openapi/mqtt/userInfo/get/v2` tells clients to connect to, for TCP and the WebSocket alike (`docs/mqtt.md`)',
  },
  MQTT_PUBLIC_PORT: {
    schema: z.coerce.number().int().min(1).max(65535).optional(),
    default: "the port listened on (with `MQTT_URL`: that URL's port)",
    description:
      'the port `/openapi/mqtt/userInfo/get/v2` tells clients to connect to; Home Assistant connects to 1883 over TCP whatever the port (`docs/mqtt.md`)',
  },
  MQTT_WS_PATH: {
    schema: z
      .union([z.literal('off'), z.string().regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a path such as /mqtt')])
      .default('/mqtt'),
    description:
      "MQTT over WebSocket on the product's origin (`off`: none); advertised as `mqttUrl` only when `PUBLIC_URL` is https: the path when it is on 443, else `wss://<host>:<port><path>` (`docs/mqtt.md`)",
  },
  MQTT_MAX_PACKET_BYTES: {
    schema: z.coerce
      .number()
      .int()
      .min(MQTT_MAX_CONNECT_BYTES)
      .max(16 * 1024 * 1024)
      .default(16 * 1024),
    description: `largest MQTT packet the embedded broker takes from a client (the first must be a CONNECT of at most ${MQTT_MAX_CONNECT_BYTES} bytes); announcing a larger one closes the connection at once, on TCP and \`/mqtt\` (also the WebSocket's largest message, plus 5)`,
  },
  MQTT_CONNECT_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(500).max(60_000).default(5000),
    description: 'time from a new MQTT connection to its complete CONNECT packet',
  },
  MQTT_UNAUTHENTICATED_PER_ADDRESS: {
    schema: z.coerce.number().int().min(1).max(100_000).default(16),
    description:
      'MQTT connections (TCP and `/mqtt` together) one client address (IPv6: its /64; behind `TRUST_PROXY`, the forwarded one) may hold before they sign in; more are closed (the WebSocket: 429)',
  },
  MQTT_UNAUTHENTICATED_TOTAL: {
    schema: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(() => defaultUnauthenticatedTotal(openFileLimit())),
    default: 'a quarter of the soft descriptor limit (`ulimit -n`), 16 to 4096; 256 if unknown',
    description:
      "MQTT connections not yet signed in over all addresses, TCP and `/mqtt` together; more are closed (the WebSocket: 429). Give the process a descriptor limit well above this plus the signed-in connections, HTTP's and the database's: `ulimit -n 65536` (systemd `LimitNOFILE=65536`, Docker `--ulimit nofile=65536`); with the usual 1024 the default is 256",
  },
  MQTT_IN_FLIGHT_PER_CONNECTION: {
    schema: z.coerce.number().int().min(1).max(1000).default(16),
    description:
      'packets of one signed-in MQTT connection waiting to be authorized (one at a time) before its socket is no longer read',
  },
  MQTT_FILTERS_PER_SUBSCRIBE: {
    schema: z.coerce.number().int().min(1).max(10_000).default(64),
    description: 'topic filters one SUBSCRIBE may carry; more close the connection',
  },
  MQTT_SUBSCRIPTIONS_PER_PAIR: {
    schema: z.coerce.number().int().min(1).max(100_000).default(256),
    description:
      'subscriptions one link (or app session) holds over all its MQTT connections and pairs; more are refused in the SUBACK',
  },
  MQTT_PACKETS_PER_MINUTE: {
    schema: z.coerce.number().int().min(60).max(1_000_000).default(600),
    description:
      'MQTT packets one link (or app session) may send a minute over all its connections (a burst of that many, then one every 60/N s); over it, the connection is closed',
  },
  MQTT_URL: {
    schema: z
      .url({ protocol: /^(mqtts?|wss?)$/, error: 'must be a broker URL such as mqtt://user:password@127.0.0.1:1883' })
      .optional(),
    default: 'unset: the embedded broker',
    description:
      "an external broker (Mosquitto) for several processes, such as `mqtt://navimow-server:<password>@127.0.0.1:1883`: every process publishes there (and republishes every mower's state on each reconnect); no embedded broker, `MQTT_PORT` and `MQTT_WS_PATH` unused; clients are told `MQTT_PUBLIC_HOST` and `MQTT_PUBLIC_PORT`; Mosquitto checks users against `/internal/mqtt/*` (`docs/decisions/015-…`)",
  },
});
