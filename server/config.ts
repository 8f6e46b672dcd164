import { resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4173),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  NAVIMOW_SIMULATOR: flag.default(false),
  NAVIMOW_SEED_DEMO: flag.default(true),
  WEB_ROOT: z.string().default('dist/web'),
  PUBLIC_URL: z.url().optional(),
  OAUTH_COOKIE_KEYS: z.string().optional(),
  TRUST_PROXY: flag.default(false),
  LOGIN_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  simulator: boolean;
  seedDemo: boolean;
  webRoot: string;
  logLevel: string;
  /** The origin users and OAuth clients reach this server at; the OAuth issuer. */
  publicUrl: string;
  oauthCookieKeys: string[] | undefined;
  trustProxy: boolean;
  /** Flood limit on sign-in requests per client address; failures have their own stricter throttle. */
  loginRequestsPerMinute: number;
};

/** The server's settings from the environment; the README's configuration table lists them. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.parse(env);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL || undefined,
    simulator: parsed.NAVIMOW_SIMULATOR,
    seedDemo: parsed.NAVIMOW_SEED_DEMO,
    webRoot: resolve(parsed.WEB_ROOT),
    logLevel: parsed.LOG_LEVEL,
    publicUrl: (parsed.PUBLIC_URL ?? `http://${parsed.HOST}:${parsed.PORT}`).replace(/\/$/, ''),
    oauthCookieKeys: parsed.OAUTH_COOKIE_KEYS?.split(',').filter(Boolean),
    trustProxy: parsed.TRUST_PROXY,
    loginRequestsPerMinute: parsed.LOGIN_REQUESTS_PER_MINUTE,
  };
}
