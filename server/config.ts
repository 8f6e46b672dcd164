import { resolve } from 'node:path';
import { z } from 'zod';
import packageJson from '../package.json' with { type: 'json' };
import type { DatabaseTimeouts } from './db/database.ts';
import { serverModules } from './modules.ts';
import { SIGN_IN_LIMITS, type SignInLimits } from './modules/accounts/public.ts';
import { DEMO_CLIENTS, type LinkingClient } from './modules/oauth/public.ts';
import type { MqttConfig } from './modules/mqtt/public.ts';
import type { HomeGraphConfig } from './modules/google-home/public.ts';
import type { AlexaSkillConfig } from './modules/alexa-skill/public.ts';
import {
  AMAZON_FAKE_PATHS,
  AMAZON_FAKE_PREFIX,
  type AmazonConfig,
  APP_LINK_PATH,
  DEMO_AMAZON,
} from './modules/voice-links/public.ts';
import { type Settings, settingsShape } from './settings.ts';

type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Intersection,
) => void
  ? Intersection
  : never;

/** Every module's settings together; a variable belongs to one module only. */
function allSettings() {
  const settings: Record<string, Settings[string]> = {};
  for (const module of serverModules) {
    for (const [name, setting] of Object.entries(module.settings)) {
      if (name in settings) throw new Error(`${name} is declared twice (server/modules.ts)`);
      settings[name] = setting;
    }
  }
  return settings as UnionToIntersection<(typeof serverModules)[number]['settings']>;
}

/**
 * Every setting of the server, read from the environment in this one place: each module declares its own
 * (server/modules.ts lists them; docs/configuration.md is written from them), with its default, set there and
 * nowhere else: the rest of the server takes a `Config`.
 */
const baseSchema = z.object(settingsShape(allSettings()));

const environmentSchema = baseSchema
  .transform((env, context) => ({
    port: env.PORT,
    host: env.HOST,
    /** Unset: the embedded SQLite file under ./data/. */
    databaseUrl: env.DATABASE_URL || undefined,
    /** What bounds every wait on the database, so that one that hangs gives 503s in seconds (docs/operations.md). */
    databaseTimeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: env.DATABASE_LOCK_TIMEOUT_MS,
    } satisfies DatabaseTimeouts,
    /** Pages without a native app run in the simulated one (contract section 3). */
    simulator: env.NAVIMOW_SIMULATOR,
    /** The demo: its accounts and mowers seeded into a fresh database, and its OAuth clients with published secrets. */
    demo: env.NAVIMOW_DEMO,
    /** The built pages; `undefined` serves the API only (API tests). */
    webRoot: resolve(env.WEB_ROOT) as string | undefined,
    logLevel: env.LOG_LEVEL,
    /** The origin users and OAuth clients reach this server at; the OAuth issuer. */
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, ''),
    /** The OAuth clients allowed to link accounts: the file's, else (demo only) the contract's demo clients. */
    oauthClients: env.OAUTH_CLIENTS_FILE ?? (env.NAVIMOW_DEMO ? DEMO_CLIENTS : []),
    /** Keys that sign OAuth interaction cookies, the first signing; unset: random per process. */
    oauthCookieKeys: env.OAUTH_COOKIE_KEYS,
    /** Behind a reverse proxy: client addresses come from X-Forwarded-For (the OAuth URLs are always `publicUrl`'s). */
    trustProxy: env.TRUST_PROXY,
    /** Flood limit on sign-in requests per client address; failures have their own stricter throttle. */
    loginRequestsPerMinute: env.LOGIN_REQUESTS_PER_MINUTE,
    /** The app's sessions one account keeps live: a sign-in beyond them signs the oldest out. */
    sessionsPerAccount: env.SESSIONS_PER_ACCOUNT,
    /**
     * Flood limit on the OAuth token and revocation endpoints per client address: Amazon and Google refresh the
     * tokens of all their users from a few addresses, so it is wide.
     */
    tokenRequestsPerMinute: env.TOKEN_REQUESTS_PER_MINUTE,
    /**
     * Flood limit on the OAuth authorization endpoint per client address: each request stores an interaction for
     * `OAUTH_TTL.Interaction` (server/modules/oauth/provider.ts), so this times that bounds what one address keeps.
     */
    authorizeRequestsPerMinute: env.AUTHORIZE_REQUESTS_PER_MINUTE,
    /** Flood limit on page documents per client address (each may be a server render); assets are not counted. */
    pageRequestsPerMinute: env.PAGE_REQUESTS_PER_MINUTE,
    /**
     * How many commands reach the mowers, whoever sends them (server/modules/fleet/command-budget.ts): per mower and
     * per account, a minute.
     */
    commandLimits: {
      perMowerPerMinute: env.COMMANDS_PER_MOWER_PER_MINUTE,
      perAccountPerMinute: env.COMMANDS_PER_ACCOUNT_PER_MINUTE,
    },
    /** How long a reader's copy of a message is kept, read and unread (server/modules/messages/message-retention.ts). */
    messageRetention: { readDays: env.MESSAGES_KEEP_READ_DAYS, unreadDays: env.MESSAGES_KEEP_UNREAD_DAYS },
    /** The sign-in throttle's limits (docs/decisions/010-sign-in-throttle.md): fixed, not read from the environment. */
    signInLimits: SIGN_IN_LIMITS as SignInLimits,
    /**
     * Alexa's app-to-app linking (docs/decisions/012-voice-links.md): Amazon's endpoints and the skill's LWA
     * credentials; with the simulator on, the local fake of Amazon by default. Undefined: not set up.
     */
    amazon: amazonConfig(env, context),
    /** How often the fleet plays its due events in real time (docs/decisions/014-fleet-model.md); 0: never. */
    fleetTickMs: env.FLEET_TICK_MS,
    /** The embedded MQTT broker and what `userInfo/get/v2` tells clients (docs/decisions/015-mqtt-broker.md). */
    mqtt: {
      /** TCP port of the embedded broker (0: a free one); undefined: no TCP listener. */
      port: env.MQTT_PORT === 'off' ? undefined : env.MQTT_PORT,
      host: env.MQTT_HOST ?? env.HOST,
      /** The host and port clients connect to; by default the public URL's host and the port listened on. */
      publicHost: env.MQTT_PUBLIC_HOST,
      publicPort: env.MQTT_PUBLIC_PORT,
      /** MQTT over WebSocket on the product's origin; undefined: none. */
      wsPath: env.MQTT_WS_PATH === 'off' ? undefined : env.MQTT_WS_PATH,
      /** An external broker (Mosquitto) that every process publishes to instead of an embedded one; undefined: embedded. */
      externalUrl: env.MQTT_URL,
      /** What the embedded broker lets a client hold before and after CONNECT (server/modules/mqtt/mqtt-limits.ts). */
      limits: {
        maxPacketBytes: env.MQTT_MAX_PACKET_BYTES,
        connectTimeoutMs: env.MQTT_CONNECT_TIMEOUT_MS,
        unauthenticatedPerAddress: env.MQTT_UNAUTHENTICATED_PER_ADDRESS,
        unauthenticatedTotal: env.MQTT_UNAUTHENTICATED_TOTAL,
        inFlightPerConnection: env.MQTT_IN_FLIGHT_PER_CONNECTION,
        filtersPerSubscribe: env.MQTT_FILTERS_PER_SUBSCRIBE,
        subscriptionsPerPair: env.MQTT_SUBSCRIPTIONS_PER_PAIR,
        packetsPerMinute: env.MQTT_PACKETS_PER_MINUTE,
      },
    } as MqttConfig,
    /**
     * The Alexa skill endpoint: the skill it answers (the demo's without ALEXA_SKILL_ID in the demo); requests are
     * verified by Amazon's rules, always (decision record 018).
     */
    alexaSkill: {
      skillId: env.ALEXA_SKILL_ID ?? (env.NAVIMOW_DEMO ? DEMO_AMAZON.skillId : undefined),
      timeoutMs: env.AMAZON_TIMEOUT_MS,
      // Per client address; Amazon calls from many addresses, so it is wide.
      requestsPerMinute: env.ALEXA_SKILL_REQUESTS_PER_MINUTE,
    } as AlexaSkillConfig,
    /** Google's HomeGraph (Report State, Request Sync); without a service account, the local fake. */
    homeGraph: {
      url: env.GOOGLE_HOMEGRAPH_URL,
      serviceAccount: env.GOOGLE_SERVICE_ACCOUNT_FILE,
      timeoutMs: env.GOOGLE_HOMEGRAPH_TIMEOUT_MS,
    } as HomeGraphConfig,
    /**
     * Prometheus's `GET /metrics` on a listener of its own (docs/decisions/037-operations-metrics.md): the port (0: a
     * free one), undefined for none; its host is this machine only unless set.
     */
    metrics: { port: env.METRICS_PORT === 'off' ? undefined : env.METRICS_PORT, host: env.METRICS_HOST },
    version: packageJson.version,
  }))
  // Both listen on one machine; 0 (a free port) is the tests'.
  .refine((config) => config.mqtt.port === undefined || config.mqtt.port === 0 || config.mqtt.port !== config.port, {
    message: 'must differ from PORT (or be off)',
    path: ['MQTT_PORT'],
  })
  .refine(({ metrics, port, mqtt }) => !metrics.port || (metrics.port !== port && metrics.port !== mqtt.port), {
    message: 'must differ from PORT and MQTT_PORT (or be off)',
    path: ['METRICS_PORT'],
  })
  .refine((config) => config.messageRetention.unreadDays >= config.messageRetention.readDays, {
    message: 'must be at least MESSAGES_KEEP_READ_DAYS: an unread message is not dropped before a read one',
    path: ['MESSAGES_KEEP_UNREAD_DAYS'],
  })
  // Demo clients have published secrets: a server that is not the demo never falls back to them.
  .refine((config) => config.oauthClients.length > 0, {
    message: 'No OAuth clients: set OAUTH_CLIENTS_FILE (or NAVIMOW_DEMO=on for the demo and its published secrets).',
    path: ['OAUTH_CLIENTS_FILE'],
  });

/** Amazon's real endpoints; the API of the users' region is a choice of deployment (EU: https://api.eu.amazonalexa.com). */
const AMAZON_ENDPOINTS = {
  alexaAppUrl: 'https://alexa.amazon.com/spa/skill-account-linking-consent',
  lwaAuthorizationUrl: 'https://www.amazon.com/ap/oa',
  lwaTokenUrl: 'https://api.amazon.com/auth/o2/token',
  alexaApiUrl: 'https://api.amazonalexa.com',
} as const;

function amazonConfig(env: z.output<typeof baseSchema>, context: z.RefinementCtx): AmazonConfig | undefined {
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, '');
  const fake = env.NAVIMOW_SIMULATOR;
  const clientId = env.LWA_CLIENT_ID ?? (fake ? DEMO_AMAZON.clientId : undefined);
  if (!clientId) return undefined;
  const missing = (['LWA_CLIENT_SECRET', 'ALEXA_SKILL_ID'] as const).filter((name) => !env[name] && !fake);
  for (const name of missing)
    context.addIssue({ code: 'custom', path: [name], message: `required with LWA_CLIENT_ID` });
  const clients: readonly LinkingClient[] = env.OAUTH_CLIENTS_FILE ?? (env.NAVIMOW_DEMO ? DEMO_CLIENTS : []);
  const alexaClients = clients.filter((client) => client.kind === 'alexa');
  const redirectUri = env.ALEXA_REDIRECT_URI ?? (fake ? alexaClients[0]?.redirect_uris[0] : undefined);
  const ourClient = alexaClients.find((client) => redirectUri && client.redirect_uris.includes(redirectUri));
  if (!ourClient || !redirectUri) {
    context.addIssue({
      code: 'custom',
      path: ['ALEXA_REDIRECT_URI'],
      message:
        'must be a redirect URI of an OAuth client of kind alexa (the Amazon redirect URL our codes are bound to)',
    });
    return undefined;
  }
  const fakeBase = `${publicUrl}${AMAZON_FAKE_PREFIX}`;
  // With the simulator, the server-to-server calls go to the local fake; the consent pages keep Amazon's real
  // addresses, as the phone must only ever open those (the bridge's allowlist), and the simulated app plays the
  // user's consent by handing such a URL to the fake (docs/decisions/012-voice-links.md).
  const defaults = fake
    ? {
        alexaAppUrl: AMAZON_ENDPOINTS.alexaAppUrl,
        lwaAuthorizationUrl: AMAZON_ENDPOINTS.lwaAuthorizationUrl,
        lwaTokenUrl: `${fakeBase}${AMAZON_FAKE_PATHS.lwaToken}`,
        alexaApiUrl: `${fakeBase}${AMAZON_FAKE_PATHS.api}`,
      }
    : AMAZON_ENDPOINTS;
  return {
    alexaAppUrl: env.ALEXA_APP_URL ?? defaults.alexaAppUrl,
    lwaAuthorizationUrl: env.LWA_AUTHORIZATION_URL ?? defaults.lwaAuthorizationUrl,
    lwaTokenUrl: env.LWA_TOKEN_URL ?? defaults.lwaTokenUrl,
    alexaApiUrl: (env.ALEXA_API_URL ?? defaults.alexaApiUrl).replace(/\/$/, ''),
    clientId,
    clientSecret: env.LWA_CLIENT_SECRET ?? DEMO_AMAZON.clientSecret,
    skillId: env.ALEXA_SKILL_ID ?? DEMO_AMAZON.skillId,
    skillStage: env.ALEXA_SKILL_STAGE ?? (fake ? DEMO_AMAZON.skillStage : 'live'),
    ourClientId: ourClient.client_id,
    amazonRedirectUri: redirectUri,
    appLinkRedirectUri: `${publicUrl}${APP_LINK_PATH}`,
    timeoutMs: env.AMAZON_TIMEOUT_MS,
  };
}

export type Config = z.output<typeof environmentSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * A port the server could not listen on, as one line naming the setting to change (`server/main.ts` prints it and
 * exits); undefined for any other error.
 */
export function listenError(
  error: unknown,
  config: Pick<Config, 'port' | 'host' | 'mqtt' | 'metrics'>,
): ConfigError | undefined {
  const { code, port } = error as NodeJS.ErrnoException & { port?: number };
  const mqtt = config.mqtt.port !== undefined && port === config.mqtt.port;
  const metrics = !mqtt && config.metrics.port !== undefined && port === config.metrics.port;
  const [portSetting, hostSetting, host] = mqtt
    ? ['MQTT_PORT', 'MQTT_HOST', config.mqtt.host]
    : metrics
      ? ['METRICS_PORT', 'METRICS_HOST', config.metrics.host]
      : ['PORT', 'HOST', config.host];
  const where = `port ${port} on ${host}`;
  switch (code) {
    case 'EADDRINUSE':
      return new ConfigError(
        `Cannot listen: ${where} is already in use (another server?). Set ${portSetting} to a free port${mqtt ? ' (or off for no MQTT over TCP)' : metrics ? ' (or off)' : ''}.`,
      );
    case 'EACCES':
      return new ConfigError(
        `Cannot listen: ${where} is not allowed for this user. Set ${portSetting} to 1024 or above.`,
      );
    case 'EADDRNOTAVAIL':
      return new ConfigError(
        `Cannot listen: ${host} is not an address of this machine. Set ${hostSetting} to one of its addresses.`,
      );
    default:
      return undefined;
  }
}

/** Where `DATABASE_URL` points, without its password: for messages. */
function databaseLocation(url: string | undefined): string {
  if (!url || url.startsWith('file:')) return url ? url.slice('file:'.length) : 'the SQLite file';
  try {
    const { hostname, port, pathname } = new URL(url);
    return `${hostname}:${port || 5432}${pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** The first error in a chain of causes (Kysely's migrator wraps the driver's) that `test` recognises. */
function findCause(error: unknown, test: (error: { code?: unknown; message?: unknown }) => boolean) {
  for (let at = error, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    if (typeof at === 'object' && test(at as { code?: unknown; message?: unknown }))
      return at as Error & { code?: string };
  }
  return undefined;
}

/**
 * The database named by `DATABASE_URL` cannot be used at start-up: one line saying where, why and which setting to
 * change, instead of a stack trace headed by the migration it stopped. Undefined for other errors (a bug keeps its
 * stack trace).
 */
export function databaseError(
  error: unknown,
  config: Pick<Config, 'databaseUrl' | 'databaseTimeouts'>,
): ConfigError | undefined {
  const where = databaseLocation(config.databaseUrl);
  const line = (cause: string) => new ConfigError(`Cannot use the database at ${where}: ${cause}. Check DATABASE_URL.`);
  const timedOut = findCause(error, ({ message }) =>
    /timeout exceeded when trying to connect|connection timeout|Query read timeout/i.test(String(message)),
  );
  if (timedOut) {
    return line(`no answer within ${config.databaseTimeouts.connectMs} ms (DATABASE_CONNECT_TIMEOUT_MS)`);
  }
  const known = findCause(
    error,
    ({ code }) => typeof code === 'string' && /^(E[A-Z]+|28|3D|08|57P|53300|SQLITE_)/.test(code),
  );
  if (!known) return undefined;
  switch (known.code) {
    case 'ECONNREFUSED':
      return line('the connection was refused (is PostgreSQL running, and listening on that port?)');
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return line('the host name does not resolve');
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return line('the host cannot be reached from here');
    case '28P01':
    case '28000':
      return line(`the server refused the user or password (${known.message})`);
    case '3D000':
      return line(`${known.message} (create it, or name another)`);
    default:
      return line(known.message);
  }
}

/** The server's settings from the environment; a wrong value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
