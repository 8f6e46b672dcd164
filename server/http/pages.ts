import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseAcceptLanguage, resolveLanguage, toSupportedLanguage } from '../../common/languages.ts';
import type { CreatePageRenderer, PageRenderer } from '../../common/page-render.ts';
import { ITEM_STAND_IN, matchPageRoute, type PageRoute, pageRoutes } from '../../common/page-routes.ts';
import { IN_MEMORY_GLOBS, loadAssets, registerAssets } from './assets.ts';
import { type ContentEncoding, negotiateEncoding } from './content-encoding.ts';
import { clientAddressKey } from './client-address.ts';
import { MemoryWindows } from './rate-limit-store.ts';
import { cacheControl, entityTag, isNotModified } from './http-cache.ts';
import { type BuildManifest, createPageHeads, inlineStylesheets, renderPageHtml } from './page-head.ts';

export interface PagesOptions {
  /** The Vite build (`dist/web`). */
  webRoot: string;
  /** Marks pages to run in the simulated native app when no real one is there (contract section 3). */
  simulator: boolean;
  /** The server entry, when the caller has loaded it (`loadPageRenderer`); else it is loaded here. */
  renderer?: PageRenderer | undefined;
  /**
   * Flood limit on page documents per client address (`PAGE_REQUESTS_PER_MINUTE`), per process; assets are not
   * counted. Unset: no limit (a benchmark's bare page server).
   */
  requestsPerMinute?: number;
}

/** One page document, ready to send in each encoding. */
interface PageDocument {
  body: Buffer;
  etag: string;
}

function readManifest(webRoot: string): BuildManifest | undefined {
  const file = join(webRoot, '.vite/manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : undefined;
}

function localesBase(webRoot: string): string | undefined {
  const assets = join(webRoot, 'assets');
  const folder = existsSync(assets)
    ? readdirSync(assets).find((entry) => /^locales-[0-9a-f]{12}$/.test(entry))
    : undefined;
  return folder && `/assets/${folder}`;
}

/** Kept documents are compressed as hard as the codecs go, once; a document made for one request quickly. */
function encode(html: string, encoding: ContentEncoding | undefined, effort: 'max' | 'fast'): PageDocument {
  const raw = Buffer.from(html);
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: effort === 'max' ? constants.BROTLI_MAX_QUALITY : 5 },
        })
      : encoding === 'gzip'
        ? gzipSync(raw, { level: effort === 'max' ? constants.Z_BEST_COMPRESSION : 6 })
        : raw;
  return { body, etag: entityTag(body) };
}

/**
 * The server-rendered first view (docs/decisions/019-server-rendered-first-view.md): the web view's server entry,
 * built beside the web root (`dist/ssr/entry-server.js` next to `dist/web`), with the strings the build wrote for
 * the pages. Without it pages are sent with an empty root, which the page renders itself.
 */
export async function loadPageRenderer(webRoot: string): Promise<PageRenderer | undefined> {
  const locales = localesBase(webRoot);
  const localesFolder = locales && join(webRoot, locales);
  const entry = join(dirname(webRoot), 'ssr/entry-server.js');
  if (!existsSync(entry) || !localesFolder) return undefined;
  const { createPageRenderer } = (await import(pathToFileURL(entry).href)) as {
    createPageRenderer: CreatePageRenderer;
  };
  return createPageRenderer(
    (language, namespace) =>
      JSON.parse(readFileSync(join(localesFolder, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>,
  );
}

/**
 * The URL a page's first view is rendered for: its path and, of its query, only the parameters its screen reads
 * (`query` in common/page-routes.ts), in their order and with their repeats. Nothing else in the query can change
 * the first view, so no other parameter makes a render or a kept document of its own. A parameter that only names
 * what the screen loads (`itemQuery`) is rendered as the screen reads it, its first value present or blank, with a
 * stand-in for the value: every id shares one document. `kept` says whether the document is the same for every
 * request of its route and language (nothing in its query but such stand-ins and the language).
 */
function renderedUrl(url: URL, route: PageRoute): { rendered: string; kept: boolean } {
  const read = new Set(route.query);
  const items = new Set(route.itemQuery);
  const search = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (!read.has(name)) continue;
    if (!items.has(name)) search.append(name, value);
    else if (!search.has(name)) search.set(name, value.trim() ? ITEM_STAND_IN : '');
  }
  const kept = [...search.keys()].every((name) => items.has(name));
  // The page's links keep its `?lang` (src/lib/page-language.ts): rendered as the app renders them, or hydration would
  // keep links without it.
  const language = toSupportedLanguage(url.searchParams.get('lang'));
  if (language) search.set('lang', language);
  return { rendered: search.size > 0 ? `${url.pathname}?${search}` : url.pathname, kept };
}

/** The simulator's own chunks and styles, refused when it is off: production never serves its code. */
function refusedFiles(manifest: BuildManifest | undefined, simulator: boolean): ReadonlySet<string> {
  if (simulator || !manifest) return new Set();
  const files = Object.entries(manifest)
    .filter(([source]) => source.startsWith('src/simulator/'))
    .flatMap(([, chunk]) => [chunk.file, ...(chunk.css ?? [])]);
  return new Set(files.map((file) => `/${file}`));
}

/**
 * Serves the built web view: hashed assets cached for a year, the HTML never cached, and every path that is
 * not a file answered with the app's HTML (history routing; the app renders its own not-found page).
 *
 * Bytes on the wire (docs/decisions/007-bytes-on-the-wire.md): scripts, stylesheets and locale files go out from
 * memory as the Brotli or gzip copy the build wrote beside them, whichever the client accepts (server/http/
 * assets.ts); other files from disk. Each page's HTML is written for its route and language (the `lang`
 * parameter, else Accept-Language), announcing the requests of its first screen, and is compressed once per
 * variant.
 */
export async function registerPages(
  app: FastifyInstance,
  { webRoot, simulator, requestsPerMinute, ...options }: PagesOptions,
) {
  const indexFile = join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`no web build at ${webRoot}: run npm run build; serving the API only`);
    return { serveIndex: undefined };
  }
  const template = inlineStylesheets(readFileSync(indexFile, 'utf8'), (path) => {
    const file = join(webRoot, path);
    return file.startsWith(webRoot) && existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  });
  const manifest = readManifest(webRoot);
  const locales = localesBase(webRoot);
  const heads = createPageHeads({ manifest, localesBase: locales, simulator });
  const renderer = 'renderer' in options ? options.renderer : await loadPageRenderer(webRoot);
  if (!renderer)
    app.log.warn(`no server entry beside ${webRoot}: pages are rendered by the browser only; run npm run build`);
  if (!manifest) app.log.warn(`no build manifest in ${webRoot}: pages are served without preloads`);
  if (heads.missing.length)
    app.log.warn(`pages missing from the build: ${heads.missing.join(', ')}; run npm run build`);

  const refused = refusedFiles(manifest, simulator);
  const assets = loadAssets(webRoot);
  for (const file of refused) assets.delete(file);
  registerAssets(app, assets);
  await app.register(fastifyStatic, {
    root: webRoot,
    globIgnore: IN_MEMORY_GLOBS,
    index: false,
    // A route per file of the build, made at start: a page path goes straight to the HTML instead of through a
    // file lookup (ten times the requests per second), and no request lists directories to check a path's
    // spelling. The build does not change under a running server (it reads index.html once, too).
    wildcard: false,
    // Source maps are never public (the build moves them out; a stray one is refused too), nor the simulator's code
    // when it is off.
    allowedPath: (pathName) => {
      const file = pathName.replace(/\.(?:br|gz)$/, '');
      return !file.endsWith('.map') && !refused.has(file);
    },
    setHeaders(res, path) {
      res.header('Cache-Control', cacheControl(path.slice(webRoot.length).replaceAll('\\', '/')));
    },
  });

  // Bounded: one entry per page route, language and encoding (and, for an item's page, whether it names one). A page
  // with other parameters its screen reads is made for its request and not kept; parameters it does not read are not
  // rendered, so they share the kept document.
  const documents = new Map<string, PageDocument>();
  // Documents per client address: a kept one costs a lookup, but one made for its request is a render, and a flood
  // of those slowed everyone's pages (issue 34). Counted in this process's memory even when the limits of sign-ins
  // and tokens are counted in the shared database: what it guards is this process's time, and a database write for
  // every page load cut a page's throughput on PostgreSQL to a quarter (about 1 700 a second to 400).
  const pageWindows = new MemoryWindows();

  const rootMarkup = (url: string, language: string) => {
    if (!renderer) return '';
    try {
      return renderer.render(url, language);
    } catch (error) {
      // The page still works: it renders itself, as without a server entry.
      app.log.error({ err: error, url: url.split('?')[0] }, 'server rendering failed');
      return '';
    }
  };

  const serveIndex = (reply: FastifyReply) => {
    const { request } = reply;
    if (requestsPerMinute !== undefined) {
      const { current, ttl } = pageWindows.count(clientAddressKey(request.ip), 60_000);
      if (current > requestsPerMinute) {
        const seconds = Math.max(1, Math.ceil(ttl / 1000));
        return reply
          .code(429)
          .header('Cache-Control', 'no-store')
          .header('Retry-After', String(seconds))
          .type('text/plain; charset=utf-8')
          .send(`Too many requests. Try again in ${seconds} seconds.`);
      }
    }
    // The target's path on this origin, as the router reads it: `//x:99999/` is a path here (`new URL` would take it
    // for a host and throw), an absolute-form target is its path, and `*` is no page.
    const path = request.url.replace(/^https?:\/\/[^/]*/i, '');
    const url = new URL(`http://page.invalid${path.startsWith('/') ? path : `/${path}`}`);
    const route = matchPageRoute(url.pathname);
    const language = resolveLanguage(
      url.searchParams.get('lang'),
      parseAcceptLanguage(request.headers['accept-language']),
    );
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const { rendered, kept } = renderedUrl(url, pageRoutes[route] as PageRoute);
    const make = (effort: 'max' | 'fast') =>
      encode(
        renderPageHtml(template, language, heads.head(route, language), rootMarkup(rendered, language)),
        encoding,
        effort,
      );
    let document: PageDocument | undefined;
    if (!kept) {
      document = make('fast');
    } else {
      // By route, not path: the not-found page takes every other path.
      const key = `${route} ${language} ${encoding ?? 'identity'} ${rendered.slice(url.pathname.length)}`;
      document = documents.get(key);
      if (!document) {
        document = make('max');
        documents.set(key, document);
      }
    }

    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Accept-Language')
      .header('ETag', document.etag);
    if (isNotModified(request.headers['if-none-match'], document.etag)) {
      return reply.code(304).send();
    }
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.code(200).type('text/html; charset=utf-8').send(document.body);
  };

  app.get('/', (_request, reply) => serveIndex(reply));
  return { serveIndex };
}
