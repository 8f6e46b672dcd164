import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://*.ingest.sentry.io', 'https://*.ingest.de.sentry.io'],
      frameAncestors: ["'none'"],
      // The pages' forms never submit natively (they call the API); an injected one cannot post anywhere else.
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
  // Browsers heed it only on an answer that came over HTTPS (RFC 6797 section 8.1), so it is harmless on plain
  // HTTP in development and holds behind a TLS proxy that does not add its own. Subdomains are not ours to bind.
  strictTransportSecurity: { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false },
};

/** Helmet's headers for these options, worked out once: the same for every answer. */
export function securityHeaders(options: HelmetOptions = OPTIONS): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return [...headers];
}

/**
 * Helmet's security headers (CSP, no framing, no sniffing, ...) on every answer. @fastify/helmet builds Helmet
 * anew for each request, parsing the CSP every time (a few percent of the CPU of an API call); the headers never
 * change, so they are computed once. Set on the raw response, so the OAuth provider's own answers carry them too.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
