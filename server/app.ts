import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from './db/database.ts';
import { errorBody, registerErrorHandling } from './http/errors.ts';
import { registerPages } from './http/pages.ts';
import { authRoutes } from './modules/accounts/auth-routes.ts';
import { commentRoutes } from './modules/comments/comment-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { mowerRoutes } from './modules/mowers/mower-routes.ts';

export interface AppOptions {
  db: Db;
  /** Where the built pages are; without it only the API is served (API tests). */
  webRoot?: string;
  simulator?: boolean;
  logLevel?: string;
  version?: string;
}

const API_PREFIXES = ['/api/', '/oauth/', '/.well-known/'];

export async function buildApp({ db, webRoot, simulator = false, logLevel = 'silent', version = '0.1.0' }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: logLevel,
      // Never log credentials: tokens travel in this header.
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: false,
    bodyLimit: 64 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://*.ingest.sentry.io', 'https://*.ingest.de.sentry.io'],
        frameAncestors: ["'none'"],
        formAction: null,
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  // Flood protection per client address; sign-in failures have their own, stricter throttle.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { prefix: '/health', db, version });
      await api.register(authRoutes, { prefix: '/auth', db });
      await api.register(mowerRoutes, { prefix: '/mowers', db });
      await api.register(commentRoutes, { prefix: '/comments', db });
    },
    { prefix: '/api' },
  );

  const { serveIndex } = webRoot ? await registerPages(app, { webRoot, simulator }) : { serveIndex: undefined };

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (isPage && serveIndex) return serveIndex(reply);
    return reply.code(404).send(errorBody('not_found', `No route ${request.method} ${path}`));
  });

  return app;
}
