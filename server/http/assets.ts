import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type ContentEncoding, negotiateEncoding } from './content-encoding.ts';
import { cacheControl, entityTag, isNotModified } from './http-cache.ts';

/** What the build compresses (scripts/vite-compress-plugin.ts) and this module serves from memory. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const ENCODED_COPY: Readonly<Record<ContentEncoding, string>> = { br: '.br', gzip: '.gz' };

interface Variant {
  body: Buffer;
  etag: string;
}

interface Asset {
  contentType: string;
  cacheControl: string;
  variants: Partial<Record<ContentEncoding | 'identity', Variant>>;
}

function variant(body: Buffer): Variant {
  return { body, etag: entityTag(body) };
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(entry.parentPath, entry.name)) : [join(entry.parentPath, entry.name)],
  );
}

/** The files of `assets/` that are served from memory, as glob patterns relative to the web root, copies included. */
export const IN_MEMORY_GLOBS = [
  `assets/**/*.{${Object.keys(CONTENT_TYPES)
    .map((extension) => extension.slice(1))
    .join(',')}}`,
  'assets/**/*.{br,gz}',
];

/**
 * The scripts, stylesheets, SVGs and locale files of the build, each with the Brotli and gzip copies the build
 * wrote beside it, read into memory: about 2 MB.
 */
export function loadAssets(webRoot: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const folder = join(webRoot, 'assets');
  if (!existsSync(folder)) return assets;
  for (const file of filesUnder(folder)) {
    if (!(extname(file) in CONTENT_TYPES)) continue;
    const url = `/${relative(webRoot, file).replaceAll('\\', '/')}`;
    const copy = (encoding: ContentEncoding) =>
      existsSync(`${file}${ENCODED_COPY[encoding]}`)
        ? variant(readFileSync(`${file}${ENCODED_COPY[encoding]}`))
        : undefined;
    assets.set(url, {
      contentType: CONTENT_TYPES[extname(file)]!,
      cacheControl: cacheControl(url),
      variants: { identity: variant(readFileSync(file)), br: copy('br'), gzip: copy('gzip') },
    });
  }
  return assets;
}

/**
 * Serves the build's compressed files from memory, each at its own route: the Brotli or gzip copy the client
 * accepts (`negotiateEncoding`), else the file itself, with `Vary: Accept-Encoding`, an ETag per variant (304
 * when it matches) and HEAD. A page's first requests arrive together; answered from memory, none waits on
 * another's file lookups (docs/decisions/007-bytes-on-the-wire.md).
 */
export function registerAssets(app: FastifyInstance, assets: ReadonlyMap<string, Asset>): void {
  for (const [url, asset] of assets) {
    app.get(url, (request, reply) => {
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      const chosen = (encoding && asset.variants[encoding]) || asset.variants.identity!;
      reply
        .header('Content-Type', asset.contentType)
        .header('Cache-Control', asset.cacheControl)
        .header('Vary', 'Accept-Encoding')
        .header('ETag', chosen.etag);
      if (chosen !== asset.variants.identity) reply.header('Content-Encoding', encoding);
      if (isNotModified(request.headers['if-none-match'], chosen.etag)) return reply.code(304).send();
      return reply.send(chosen.body);
    });
  }
}
