import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Db, supportsRowLocks } from './db/database.ts';
import { registerApiCompression } from './http/compression.ts';
import { clientErrorHandler, errorBody, frameworkErrors, isApiPath, registerErrorHandling } from './http/errors.ts';
import type { PageRenderer } from '../common/page-render.ts';
import { loadPageRenderer, registerPages } from './http/pages.ts';
import { personalViewRoutes, readApiResponses } from './http/personal-view.ts';
import { databaseRateLimitStore, memoryRateLimitStore } from './http/rate-limit-store.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import {
  createRequireCaller,
  DatabaseFailureLog,
  followSessionChanges,
  LoginThrottle,
  MemoryFailureLog,
} from './modules/accounts/public.ts';
import {
  authorizationRequestOf,
  createLinkGrants,
  createOAuthProvider,
  createTokenGrantLookup,
  followTokenRevocations,
  LOGIN_PAGES,
  oauthRoutes,
} from './modules/oauth/public.ts';
import { AMAZON_FAKE_PREFIX } from './modules/voice-links/public.ts';
import { liveFleet } from './live-fleet.ts';
import { AppMetrics } from './metrics.ts';
import { serverModules } from './modules.ts';
import type { Clock, CommandBudget, Fleet, LiveCadence, LiveFeed } from './modules/fleet/public.ts';
import { createHomeGraph, type HomeGraph, type HomeGraphSync, homeGraphSync } from './modules/google-home/public.ts';

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

/** The app, and the parts of it that the process and the tests hold on to (not Fastify decorations: decision 025). */
export interface BuiltApp {
  app: FastifyInstance;
  /** The mowers' live state; tests move it by hand. */
  fleet: Fleet;
  /** How many commands reach the mowers, for every way of sending one (a second broker in a test draws from it). */
  commandBudget: CommandBudget;
  /** The pages' live streams of this process. */
  liveFeed: LiveFeed;
  /** The live cadence of unchanged state (server/modules/fleet/live-cadence.ts); tests beat it by hand. */
  liveCadence: LiveCadence;
  /** The embedded MQTT broker's TCP port once it listens. */
  mqttPort(): number | undefined;
  /** Google's HomeGraph as this app calls it (the local fake without a service account), and its pending calls. */
  homeGraph: HomeGraph;
  homeGraphSync: HomeGraphSync;
  /** What Prometheus scrapes (server/metrics.ts); served on `METRICS_PORT` by server/main.ts. */
  metrics: AppMetrics;
}

export interface AppOptions {
  db: Db;
  config: AppConfig;
  /** The fleet's clock; tests move it by hand. */
  clock?: Clock;
  /** Renders pages; by default the server entry beside `webRoot` (tests give their own). */
  pageRenderer?: PageRenderer;
}

export async function buildApp({ db, config, clock, pageRenderer }: AppOptions): Promise<BuiltApp> {
  const { webRoot, simulator, logLevel, publicUrl, oauthClients, oauthCookieKeys, trustProxy, loginRequestsPerMinute } =
    config;
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
  const renderer = pageRenderer ?? (webRoot ? await loadPageRenderer(webRoot) : undefined);
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

  const stopFollowingSessions = await followSessionChanges(db, (error) =>
    app.log.error(
      { err: error },
      'lost the feed of session changes: verified tokens are looked up every time until it is back',
    ),
  );
  app.addHook('onClose', stopFollowingSessions);
  const throttle = new LoginThrottle(
    config.signInLimits,
    undefined,
    shared ? new DatabaseFailureLog(db) : new MemoryFailureLog(),
  );
  const provider = createOAuthProvider({
    db,
    issuer: publicUrl,
    clients: oauthClients,
    cookieKeys: oauthCookieKeys,
  });
  // Who calls each route: the app's own sessions (accounts) or a linked service's OAuth token (oauth), handed to
  // every module that needs it as an option, so that the modules' dependencies are all imports or options.
  const tokenGrant = createTokenGrantLookup(db, provider);
  const requireCaller = createRequireCaller({ db, tokenGrant });
  const stopFollowingRevocations = await followTokenRevocations(db, (error) =>
    app.log.error(
      { err: error },
      "lost the feed of OAuth revocations: linked services' tokens are looked up every time until it is back",
    ),
  );
  app.addHook('onClose', stopFollowingRevocations);
  await app.register(oauthRoutes, {
    db,
    provider,
    clients: oauthClients,
    throttle,
    tokenRequestsPerMinute: config.tokenRequestsPerMinute,
    authorizeRequestsPerMinute: config.authorizeRequestsPerMinute,
    loginRequestsPerMinute,
  });
  const linkGrants = createLinkGrants(db, provider);

  // The mowers' live state, the Navimow-compatible API under /openapi and the MQTT broker.
  const live = await liveFleet(app, {
    db,
    requireCaller,
    clock,
    publicUrl,
    tickMs: config.fleetTickMs,
    mqtt: config.mqtt,
    simulator,
    trustProxy,
    commandLimits: config.commandLimits,
    metrics,
  });

  // What we tell Google's HomeGraph unasked (docs/decisions/017-…); Google's fulfilment is the module's route.
  const googleClientIds = oauthClients.filter((client) => client.kind === 'google').map((client) => client.client_id);
  const homeGraph = createHomeGraph(config.homeGraph);
  const googleSync = homeGraphSync({
    db,
    fleet: live.fleet,
    grants: linkGrants,
    homeGraph,
    googleClientIds,
    log: app.log,
  });
  live.fleet.onChange((change) => googleSync.fleetChanged(change));
  // In real time as the fleet's ticker is (`FLEET_TICK_MS` 0: tests retry by hand).
  if (config.fleetTickMs > 0) googleSync.start();
  app.addHook('onClose', () => googleSync.stop());

  // What the modules' routes are given; each module's type names what it takes of it (server/module.ts).
  const moduleContext = {
    db,
    config,
    requireCaller,
    tokenGrant,
    throttle,
    fleet: live.fleet,
    commandBudget: live.commandBudget,
    linkGrants,
    dependencies: live.brokerDependency ? [live.brokerDependency] : [],
    onMowerListChange: async (accountIds: readonly string[]) => {
      googleSync.mowerListChanged(accountIds);
      await live.mowerListChanged(accountIds);
    },
  };
  // The modules' routes, in the order of server/modules.ts: those outside /api (the assistants'), then under it.
  for (const module of serverModules) await module.routes?.(app, moduleContext);

  // The API (common/api-routes.ts): each module registers its routes of the table at their whole paths.
  await app.register(async (api) => {
    // Tokens and per-user data must never sit in a cache (RFC 6749 section 5.1); a route may say otherwise.
    api.addHook('onRequest', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });
    await registerApiCompression(api);
    for (const module of serverModules) await module.apiRoutes?.(api, moduleContext);
    // The mower cloud's routes are its wiring's (server/live-fleet.ts), the first views' the root's.
    live.apiRoutes(api);
    await api.register(personalViewRoutes, {
      prefix: '/api/personal-view',
      renderer,
      readResponses: readApiResponses(app),
    });
  });

  // The local fake of Amazon (Login with Amazon, Skill Enablement API) for Alexa's app-to-app linking: only with the
  // simulator, and loaded only then, never in production (docs/decisions/012-voice-links.md).
  const alexaClient = oauthClients.find((client) => client.client_id === config.amazon?.ourClientId);
  if (simulator && config.amazon && alexaClient?.client_secret) {
    const { amazonFakeRoutes, FakeAmazon } = await import('./dev/amazon-fake.ts');
    const { amazon } = config;
    const fake = new FakeAmazon({
      lwaClientId: amazon.clientId,
      lwaClientSecret: amazon.clientSecret,
      allowedReturnUrls: [amazon.appLinkRedirectUri],
      skillId: amazon.skillId,
      skillStage: amazon.skillStage,
      accountLinking: {
        tokenUrl: `${publicUrl}/oauth/token`,
        clientId: alexaClient.client_id,
        clientSecret: alexaClient.client_secret,
        redirectUrls: alexaClient.redirect_uris,
      },
    });
    await app.register(amazonFakeRoutes, { prefix: AMAZON_FAKE_PREFIX, fake });
  }

  const { serveIndex } = webRoot
    ? await registerPages(app, { webRoot, simulator, renderer, requestsPerMinute: config.pageRequestsPerMinute })
    : { serveIndex: undefined };

  // The real product's links open the login page itself with the authorization request: hand it to the
  // authorization endpoint, which comes back to the page with an interaction.
  for (const page of new Set(Object.values(LOGIN_PAGES))) {
    app.get(page, (request, reply) => {
      const authorization = request.url.includes('?')
        ? authorizationRequestOf(request.url.slice(request.url.indexOf('?') + 1))
        : undefined;
      if (authorization !== undefined) return reply.redirect(`/oauth/authorize?${authorization}`, 303);
      return serveIndex ? serveIndex(reply) : reply.callNotFound();
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path);
    if (isPage && serveIndex) return serveIndex(reply);
    return reply.code(404).send(errorBody('not_found', `No route ${request.method} ${path}`));
  });

  return {
    app,
    fleet: live.fleet,
    commandBudget: live.commandBudget,
    liveFeed: live.liveFeed,
    liveCadence: live.liveCadence,
    mqttPort: live.mqttPort,
    homeGraph,
    homeGraphSync: googleSync,
    metrics,
  };
}
