import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface PagesOptions {
  /** The Vite build (`dist/web`). */
  webRoot: string;
  /** Marks pages to run in the simulated native app when no real one is there (contract section 3). */
  simulator: boolean;
}

/** Build output whose name changes with its content: hashed chunks, and locale files under a content version. */
const HASHED_ASSET = /^\/assets\/(.+-[A-Za-z0-9_-]{8,}\.\w+|locales-[0-9a-f]{12}\/\w+\/\w+\.json)$/;

/**
 * Serves the built web view: hashed assets cached for a year, the HTML never cached, and every path that is
 * not a file answered with the app's HTML (history routing; the app renders its own not-found page).
 */
export async function registerPages(app: FastifyInstance, { webRoot, simulator }: PagesOptions) {
  const indexFile = join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`no web build at ${webRoot}: run npm run build; serving the API only`);
    return { serveIndex: undefined };
  }
  let html = readFileSync(indexFile, 'utf8');
  if (simulator) html = html.replace('<head>', '<head>\n    <meta name="navimow-simulator" content="on" />');

  await app.register(fastifyStatic, {
    root: webRoot,
    index: false,
    wildcard: true,
    setHeaders(res, path) {
      const url = path.slice(webRoot.length).replaceAll('\\', '/');
      res.header('Cache-Control', HASHED_ASSET.test(url) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const serveIndex = (reply: FastifyReply) =>
    reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);

  app.get('/', (_request, reply) => serveIndex(reply));
  return { serveIndex };
}
