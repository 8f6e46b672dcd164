/**
 * `npm run bench:web` (after `npm run build`; `npm test` runs it): for every page of the route table, what a phone
 * downloads before the page's first screen, against bench/budgets.json.
 * - The gzip estimate of the JavaScript, CSS and strings the page's HTML makes the browser fetch for its first
 *   screen (the entry, the app it imports once the first view is painted, the route's chunk and their static
 *   imports, the common and the route's strings), in the language that costs most.
 * - The bytes the real server sends over HTTP for them to a browser that accepts Brotli, with the HTML and the
 *   headers.
 * Fails when a route is over budget, when a route of the table is not in the build, or when a page does not
 * announce what its first screen loads (docs/decisions/007-bytes-on-the-wire.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { SUPPORTED_LANGUAGES } from '../common/languages.ts';
import { type PageRoute, type PageRouteId, pageRoutes, screenModule } from '../common/page-routes.ts';
import { repositoryRoot, startBenchServer, webRoot } from './bench-server.ts';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

interface Budgets {
  firstLoadJsKb: number;
  firstLoadCssKb: number;
  localeKb: number;
  sentKb: number;
}

const manifest = JSON.parse(readFileSync(join(webRoot, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const budgets = JSON.parse(readFileSync(join(repositoryRoot, 'bench/budgets.json'), 'utf8')) as Budgets;

const kb = (bytes: number) => bytes / 1024;
const gzipSizes = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(webRoot, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
/**
 * The entry and the app it starts after the first paint (src/main.tsx, the chunk vite.config.ts names `start`):
 * loaded by every page. Not the entry's other dynamic imports (the error reporter, loaded when a report is sent).
 */
const startKeys = (manifest[entryKey]!.dynamicImports ?? []).filter((key) => manifest[key]?.name === 'start');
const everyPage = [entryKey, ...startKeys].flatMap((key) => [...closure(key)]);
const localesDir = readdirSync(join(webRoot, 'assets')).find((entry) => entry.startsWith('locales-'))!;

/** A response's bytes on the wire: status line, headers and (encoded) body. */
function wireBytes(response: LightMyRequestResponse): number {
  const headers = Object.entries(response.headers).map(([name, value]) => `${name}: ${String(value)}\r\n`);
  return (
    `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n${headers.join('')}\r\n`.length +
    response.rawPayload.length
  );
}

/** The URLs a page's HTML makes the browser fetch before running anything. */
function announcedUrls(html: string): string[] {
  return [...html.matchAll(/<(?:script[^>]* src|link[^>]* href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
}

const app = await startBenchServer();
const problems: string[] = [];

/** Each asset is the same for every page and language: asked for once. */
const assetBytes = new Map<string, number>();
async function assetWireBytes(url: string): Promise<number> {
  let bytes = assetBytes.get(url);
  if (bytes === undefined) {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    if (response.statusCode !== 200) problems.push(`${url} answers ${response.statusCode}`);
    if (response.headers['content-encoding'] !== 'br') problems.push(`${url} is not sent as Brotli`);
    bytes = wireBytes(response);
    assetBytes.set(url, bytes);
  }
  return bytes;
}

async function measureRoute(id: PageRouteId, route: PageRoute) {
  const key = screenModule(route);
  if (!manifest[key]) {
    problems.push(`${id}: ${key} is not in the build manifest (run npm run build)`);
    return undefined;
  }
  // What the build says the first screen needs: the entry, the app, the screen and their static imports, and the strings.
  const chunks = new Set([...everyPage, ...closure(key)]);
  const needed = [...chunks].flatMap((chunk) => [manifest[chunk]!.file, ...(manifest[chunk]!.css ?? [])]);
  const namespaces = [...new Set(['common', ...route.namespaces])];
  const localeFiles = (language: string) =>
    namespaces.map((namespace) => `assets/${localesDir}/${language}/${namespace}.json`);
  const gzipKbOf = (urls: string[], extension: string) =>
    kb(urls.filter((url) => url.endsWith(extension)).reduce((sum, url) => sum + gzipBytes(url.slice(1)), 0));

  let sent = { bytes: 0, requests: 0, language: '' };
  let jsKb = 0;
  let cssKb = 0;
  let localeKb = 0;
  for (const language of SUPPORTED_LANGUAGES) {
    const headers = { 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': language };
    const document = await app.inject({ method: 'GET', url: route.path ?? '/no-such-page', headers });
    if (document.headers['content-encoding'] !== 'br') problems.push(`${id}: the page is not sent as Brotli`);
    // What the page makes the browser fetch at once: measured as sent, and checked against what it needs.
    const urls = announcedUrls(brotliDecompressSync(document.rawPayload).toString());
    const unannounced = [...needed, ...localeFiles(language)]
      .map((file) => `/${file}`)
      .filter((url) => !urls.includes(url));
    if (unannounced.length) problems.push(`${id} (${language}): the page does not announce ${unannounced.join(', ')}`);
    jsKb = Math.max(jsKb, gzipKbOf(urls, '.js'));
    cssKb = Math.max(cssKb, gzipKbOf(urls, '.css'));
    localeKb = Math.max(localeKb, gzipKbOf(urls, '.json'));
    let bytes = wireBytes(document);
    for (const url of urls) bytes += await assetWireBytes(url);
    if (bytes > sent.bytes) sent = { bytes, requests: urls.length + 1, language };
  }

  const over = [
    jsKb > budgets.firstLoadJsKb && 'js',
    cssKb > budgets.firstLoadCssKb && 'css',
    localeKb > budgets.localeKb && 'locale',
    kb(sent.bytes) > budgets.sentKb && 'sent',
  ].filter(Boolean);
  if (over.length) problems.push(`${id}: over budget (${over.join(', ')})`);
  return {
    route: route.path ?? '(not found)',
    'JS kB gz': jsKb.toFixed(1),
    'CSS kB gz': cssKb.toFixed(1),
    'locale kB gz': localeKb.toFixed(1),
    'sent kB br': kb(sent.bytes).toFixed(1),
    requests: sent.requests,
    'costliest language': sent.language,
    'over budget': over.join(' ') || '-',
  };
}

const rows = [];
for (const [id, route] of Object.entries(pageRoutes) as [PageRouteId, PageRoute][]) {
  const row = await measureRoute(id, route);
  if (row) rows.push(row);
}
await app.close();

console.table(rows);
console.log(
  `budgets: JS ${budgets.firstLoadJsKb} kB, CSS ${budgets.firstLoadCssKb} kB, locale ${budgets.localeKb} kB (gzip estimate); ` +
    `sent ${budgets.sentKb} kB (HTTP, Brotli, with the HTML and headers)`,
);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
}
