import { isIPv4, isIPv6 } from 'node:net';
import { z } from 'zod';
import type { TrustedProxies } from './http/client-address.ts';
import { sweepRateLimitWindows } from './http/rate-limit-store.ts';
import { defineModule, HOUR_MS } from './module.ts';
import { defineSettings, flag, httpUrl } from './settings.ts';

/** proxy-addr's names for the addresses of this machine and of private networks. */
const PRIVATE_NETWORKS = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * `TRUST_PROXY`: `off` (the default); `on`, a reverse proxy on this machine or the private network; or the proxies'
 * addresses, CIDR ranges and proxy-addr's names, comma-separated. Never every hop: server/http/client-address.ts.
 */
const trustedProxies = z.string().transform((value, context): TrustedProxies => {
  const text = value.trim().toLowerCase();
  if (['off', 'false', '0'].includes(text)) return false;
  if (['on', 'true', '1'].includes(text)) return PRIVATE_NETWORKS;
  const proxies = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const valid = (item: string) => {
    if (PRIVATE_NETWORKS.includes(item)) return true;
    const [address = '', bits, ...rest] = item.split('/');
    const size = isIPv4(address) ? 32 : isIPv6(address) ? 128 : 0;
    return size > 0 && rest.length === 0 && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= size));
  };
  if (proxies.length > 0 && proxies.every(valid)) return proxies;
  context.addIssue({
    code: 'custom',
    message: "TRUST_PROXY: off, on, or the proxies' addresses and CIDR ranges, comma-separated",
  });
  return z.NEVER;
});

const port = z.coerce.number().int().min(0).max(65535);

/** The settings of what is no module's: listening, the database, the pages, the metrics. */
const coreSettings = defineSettings({
  PORT: { schema: port.default(4173), description: 'the port the server listens on' },
  HOST: { schema: z.string().min(1).default('127.0.0.1'), description: 'the address the server listens on' },
  PUBLIC_URL: {
    schema: httpUrl().optional(),
    default: '`http://$HOST:$PORT`',
    description:
      'the origin users reach; the OAuth issuer, and the origin of every URL the OAuth server sends (whatever `Host` a request names)',
  },
  TRUST_PROXY: {
    schema: trustedProxies.default(false),
    default: '`off`',
    description:
      "behind a reverse proxy, which proxies to believe about `X-Forwarded-For` (client addresses; the OAuth URLs are always `PUBLIC_URL`'s): `on` for one on this machine or a private network, or their addresses and CIDR ranges, comma-separated. The client is the last address in `X-Forwarded-For` that is not a trusted proxy; limits count IPv4 addresses and IPv6 /64 networks",
  },
  DATABASE_URL: {
    schema: z.string().optional(),
    default: 'unset: `./data/navimow.sqlite`',
    description: '`file:<path>` for another SQLite file, `postgres://…` for PostgreSQL',
  },
  DATABASE_CONNECT_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(100).max(120_000).default(5000),
    description:
      'PostgreSQL: longest wait to open a connection or get one of the pool (also at start-up); past it the request gets a 503 (`docs/operations.md`)',
  },
  DATABASE_STATEMENT_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(100).max(3_600_000).default(5000),
    description:
      'PostgreSQL: longest statement (`statement_timeout`; a client-side timer one second longer catches a database that does not answer at all); past it a 503',
  },
  DATABASE_LOCK_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(100).max(120_000).default(5000),
    description: "longest wait for a lock: PostgreSQL's `lock_timeout`, SQLite's `busy_timeout`; past it a 503",
  },
  NAVIMOW_SIMULATOR: {
    schema: flag.default(false),
    default: '`off` (`npm start`: `on`)',
    description: 'pages without a native app run in the simulated one',
  },
  NAVIMOW_DEMO: {
    schema: flag.default(false),
    default: '`off` (`npm start`: `on`)',
    description: 'the demo: its data seeded into a fresh database and its OAuth clients (published secrets) registered',
  },
  WEB_ROOT: {
    schema: z.string().min(1).default('dist/web'),
    description:
      'the built pages; the server-rendering entry is read from `ssr/entry-server.js` beside it (`dist/ssr`)',
  },
  PAGE_REQUESTS_PER_MINUTE: {
    schema: z.coerce.number().int().min(1).default(600),
    description:
      'flood limit on page documents per client address and server process (a page load is one; scripts, styles, images and locale files are not counted): a document made for its request is a server render',
  },
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    description: 'server log level',
  },
  METRICS_PORT: {
    schema: z.union([z.literal('off'), port]).default('off'),
    description:
      "Prometheus's `GET /metrics` on a listener of its own, never on `PORT` nor through the proxy (requests and latency by route, database pool and errors, MQTT, command budgets refused, event-loop delay: `docs/operations.md`, `docs/decisions/037-…`); not `PORT` nor `MQTT_PORT`",
  },
  METRICS_HOST: {
    schema: z.string().min(1).default('127.0.0.1'),
    description: "the metrics listener's address: a private one for a Prometheus on another machine",
  },
});

/** The server's own part: its settings, and the sweep of the shared rate-limit store (decision record 013). */
export const coreModule = defineModule({
  name: 'server',
  settings: coreSettings,
  sweeps: [{ name: 'rate-limit windows', everyMs: HOUR_MS, run: (db) => sweepRateLimitWindows(db) }],
});
