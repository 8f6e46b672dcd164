import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { PageRenderer } from '../common/page-render.ts';
import type { Config } from './config.ts';
import { type Db, supportsRowLocks } from './db/database.ts';
import { registerApiCompression } from './http/compression.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors.ts';
import { databaseRateLimitStore, memoryRateLimitStore } from './http/rate-limit-store.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { AppMetrics } from './metrics.ts';
import type { ModuleStart } from './module.ts';
import { serverModules } from './modules.ts';
import type { Clock } from './modules/fleet/public.ts';
import type { Dependency } from './modules/health/public.ts';

/** What the app needs of the configuration (server/config.ts sets every default). */
export type AppConfig = Pick<
  Config,
  | 'webRoot'
  | 'simulator'
  | 'logLevel'
  | 'version'
  | 'publicUrl'
  | 'oauthClients'
  | 'oauthCookieKeys'
  | 'trustProxy'
  | 'loginRequestsPerMinute'
  | 'sessionsPerAccount'
  | 'tokenRequestsPerMinute'
  | 'authorizeRequestsPerMinute'
  | 'pageRequestsPerMinute'
  | 'signInLimits'
  | 'amazon'
  | 'fleetTickMs'
  | 'commandLimits'
  | 'mqtt'
  | 'homeGraph'
  | 'alexaSkill'
>;

/**
 * One short log line per request, when it is answered, instead of Fastify's two with the full request and
 * response: half the writes on the hot path. The path is logged without its query, which can carry OAuth codes.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      path: request.url.split('?', 1)[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** One route as registered: its methods, its URL pattern (`:param`, `*`) and its validation schemas. */
export interface RegisteredRoute {
  methods: string[];
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
}

/** What a module's start gives the modules after it (server/module.ts). */
type ProvidesOf<Module> = Module extends { readonly start: ModuleStart<never, infer Provides> | undefined }
  ? Provides
  : never;

type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Intersection,
) => void
  ? Intersection
  : never;

/** What `buildApp` starts the modules with. */
interface BaseContext {
  db: Db;
  config: AppConfig;
  /** The fleet's clock; tests move it by hand (undefined: the system's). */
  clock: Clock | undefined;
  /** What Prometheus scrapes (server/metrics.ts); served on `METRICS_PORT` by server/main.ts. */
  metrics: AppMetrics;
  /** A renderer of the test's own (server/pages-module.ts). */
  pageRenderer: PageRenderer | undefined;
  /** What readiness checks besides the database (server/modules/health): a module adds what it cannot serve without. */
  dependencies: Dependency[];
}

/**
 * What every module's start and routes are given: the base, and what each module's start provides, in the order of
 * server/modules.ts. Each module's type names only what it takes of it (server/module.ts), and TypeScript checks that
 * this satisfies them all; that a module comes after the ones it needs, the tests that build the app check.
 */
export type AppContext = BaseContext & UnionToIntersection<ProvidesOf<(typeof serverModules)[number]>>;

/**
 * The app, and the parts of it that the process and the tests hold on to (not Fastify decorations: decision 025):
 * the fleet and its command budget, the live feed and cadence, the MQTT port, Google's HomeGraph and its sync, the
 * metrics.
 */
export type BuiltApp = { app: FastifyInstance } & Pick<
  AppContext,
  'fleet' | 'commandBudget' | 'liveFeed' | 'liveCadence' | 'mqttPort' | 'homeGraph' | 'homeGraphSync' | 'metrics'
>;

export interface AppOptions {
  db: Db;
  config: AppConfig;
  /** The fleet's clock; tests move it by hand. */
  clock?: Clock;
  /** Renders pages; by default the server entry beside `webRoot` (tests give their own). */
  pageRenderer?: PageRenderer;
}

export async function buildApp({ db, config, clock, pageRenderer }: AppOptions): Promise<BuiltApp> {
  const { logLevel, trustProxy } = config;
  const app = Fastify({
    logger: {
      level: logLevel,
      // Never log credentials: tokens travel in this header.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    logController: new OneLinePerRequest(),
    trustProxy,
    bodyLimit: 64 * 1024,
    frameworkErrors,
    clientErrorHandler,
    // A request that reaches a closing server (SIGTERM: server/main.ts) on a connection it had already accepted is
    // served, not refused with 503: the database stays open until the server has closed, and the proxy sends new
    // connections to the other processes (a rolling restart fails no request: docs/operations.md).
    return503OnClosing: false,
  });
  // What the app serves, for the tests that walk every endpoint (server/http/bad-input.test.ts).
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', ({ method, url, schema }) => {
    registeredRoutes.push({ methods: [method].flat(), url, schema });
  });
  app.decorate('registeredRoutes', registeredRoutes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const metrics = new AppMetrics();
  metrics.observeRequests(app);
  metrics.observeDatabase(db);

  registerSecurityHeaders(app);
  // On PostgreSQL several server processes may share the database: what they count (requests per client, sign-in
  // failures) is kept there too, so that the limits hold for all of them together (decision record 013).
  const shared = supportsRowLocks(db);
  // Flood protection per client address; sign-in failures have their own, stricter throttle.
  await app.register(rateLimit, {
    global: false,
    store: shared ? databaseRateLimitStore(db) : memoryRateLimitStore(),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  // The modules, in the order of server/modules.ts: each started with what the ones before it provide, then their
  // routes (those outside /api, the assistants' and the pages', then those under it), and on close each closed, the
  // last started first.
  const context: BaseContext = { db, config, clock, metrics, pageRenderer, dependencies: [] };
  const closes: { name: string; close: () => unknown }[] = [];
  for (const module of serverModules) {
    const started = await module.start?.(app, context as AppContext);
    Object.assign(context, started?.provides);
    if (started?.close) closes.unshift({ name: module.name, close: started.close });
  }
  app.addHook('onClose', async () => {
    for (const { name, close } of closes) {
      try {
        await close();
      } catch (error) {
        app.log.error({ err: error, module: name }, 'closing a module failed');
      }
    }
  });
  const started = context as AppContext;
  for (const module of serverModules) await module.routes?.(app, started);

  // The API (common/api-routes.ts): each module registers its routes of the table at their whole paths.
  await app.register(async (api) => {
    // Tokens and per-user data must never sit in a cache (RFC 6749 section 5.1); a route may say otherwise.
    api.addHook('onRequest', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });
    await registerApiCompression(api);
    for (const module of serverModules) await module.apiRoutes?.(api, started);
  });

  const { fleet, commandBudget, liveFeed, liveCadence, mqttPort, homeGraph, homeGraphSync } = started;
  return { app, fleet, commandBudget, liveFeed, liveCadence, mqttPort, homeGraph, homeGraphSync, metrics };
}
