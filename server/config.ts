import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import packageJson from '../package.json' with { type: 'json' };
import { SIGN_IN_LIMITS, type SignInLimits } from './modules/accounts/public.ts';
import { DEMO_CLIENTS, linkingClientsSchema } from './modules/oauth/public.ts';

const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

/** A comma-separated list; empty entries dropped, none at all is `undefined`. */
const list = z
  .string()
  .transform((value) => value.split(',').map((item) => item.trim()).filter(Boolean))
  .transform((items) => (items.length ? items : undefined));

/** The JSON array of OAuth clients in the file an environment variable names. */
const clientsFile = z.string().min(1).transform((path, context) => {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    context.addIssue({ code: 'custom', message: `cannot read ${path}: ${(error as Error).message}` });
    return z.NEVER;
  }
  const clients = linkingClientsSchema.safeParse(json);
  if (!clients.success) {
    context.addIssue({ code: 'custom', message: `${path}: ${z.prettifyError(clients.error)}` });
    return z.NEVER;
  }
  return clients.data;
});

/**
 * Every setting of the server, read from the environment in this one place (README, Configuration). Each default
 * is set here and nowhere else: the rest of the server takes a `Config`.
 */
const environmentSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4173),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z.string().optional(),
    NAVIMOW_SIMULATOR: flag.default(false),
    NAVIMOW_DEMO: flag.default(false),
    WEB_ROOT: z.string().min(1).default('dist/web'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    OAUTH_CLIENTS_FILE: clientsFile.optional(),
    OAUTH_COOKIE_KEYS: list.optional(),
    TRUST_PROXY: flag.default(false),
    LOGIN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(3000),
    FLEET_TICK_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
    MQTT_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(1883),
    MQTT_HOST: z.string().min(1).optional(),
    MQTT_PUBLIC_HOST: z.string().min(1).optional(),
    MQTT_PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    MQTT_WS_PATH: z.union([z.literal('off'), z.string().regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a path such as /mqtt')]).default('/mqtt'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    /** Unset: the embedded SQLite file under ./data/. */
    databaseUrl: env.DATABASE_URL || undefined,
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
    /** Behind a reverse proxy: client addresses and OAuth URLs come from X-Forwarded-* headers. */
    trustProxy: env.TRUST_PROXY,
    /** Flood limit on sign-in requests per client address; failures have their own stricter throttle. */
    loginRequestsPerMinute: env.LOGIN_REQUESTS_PER_MINUTE,
    /**
     * Flood limit on the OAuth token and revocation endpoints per client address: Amazon and Google refresh the
     * tokens of all their users from a few addresses, so it is wide.
     */
    tokenRequestsPerMinute: env.TOKEN_REQUESTS_PER_MINUTE,
    /** The sign-in throttle's limits (docs/decisions/010-sign-in-throttle.md): fixed, not read from the environment. */
    signInLimits: SIGN_IN_LIMITS as SignInLimits,
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
    } as MqttConfig,
    version: packageJson.version,
  }))
  // Demo clients have published secrets: a server that is not the demo never falls back to them.
  .refine((config) => config.oauthClients.length > 0, {
    message: 'No OAuth clients: set OAUTH_CLIENTS_FILE (or NAVIMOW_DEMO=on for the demo and its published secrets).',
    path: ['OAUTH_CLIENTS_FILE'],
  });

export interface MqttConfig {
  port: number | undefined;
  host: string;
  publicHost: string | undefined;
  publicPort: number | undefined;
  wsPath: string | undefined;
}

export type Config = z.output<typeof environmentSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The server's settings from the environment; a wrong value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
