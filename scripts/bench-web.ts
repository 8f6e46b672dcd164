/**
 * `npm run bench:web` (after `npm run build`): for every route, the gzip size of the JavaScript and CSS a phone
 * downloads before the route's first screen (the entry, its static imports, the route's chunk and its static
 * imports) and of the active language's strings (the largest over the 22 languages). Fails past
 * bench/budgets.json.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SUPPORTED_LANGUAGES } from '../common/languages.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'dist/web');
const manifest = JSON.parse(readFileSync(join(web, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const budgets = JSON.parse(readFileSync(join(root, 'bench/budgets.json'), 'utf8')) as Record<string, number>;

const gzipKb = (file: string) => gzipSync(readFileSync(join(web, file)), { level: 9 }).length / 1024;

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

function files(keys: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
  }
  return { js, css };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
// The route table: each route's screen module and the locale namespaces it loads with it.
const routeTable = readFileSync(join(root, 'src/app/routes.ts'), 'utf8');
const routes = [...routeTable.matchAll(/namespaces: \[([^\]]*)\],(?:\s*titleKey: '\w+',)?\s*load: \(\) => import\('\.\/routes\/([\w-]+)\.tsx'\)/g)].map((match) => ({
  name: match[2]!,
  namespaces: [...new Set(['common', ...[...match[1]!.matchAll(/'(\w+)'/g)].map((ns) => ns[1]!)])],
}));

const localesDir = readdirSync(join(web, 'assets')).find((entry) => entry.startsWith('locales-'))!;
const localeFile = (language: string, namespace: string) => `assets/${localesDir}/${language}/${namespace}.json`;

let failures = 0;
const rows = routes.map(({ name, namespaces }) => {
  const key = `src/app/routes/${name}.tsx`;
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
  const { js, css } = files(new Set([...closure(entryKey), ...closure(key)]));
  const jsKb = [...js].reduce((sum, file) => sum + gzipKb(file), 0);
  const cssKb = [...css].reduce((sum, file) => sum + gzipKb(file), 0);
  const localeKb = Math.max(
    ...SUPPORTED_LANGUAGES.map((language) =>
      namespaces.reduce((sum, namespace) => {
        return sum + gzipKb(localeFile(language, namespace));
      }, 0),
    ),
  );
  const over = [
    jsKb > budgets.firstLoadJsKb! && 'js',
    cssKb > budgets.firstLoadCssKb! && 'css',
    localeKb > budgets.localeKb! && 'locale',
  ].filter(Boolean);
  if (over.length) failures += 1;
  return { route: name, 'first-load JS kB': jsKb.toFixed(1), 'CSS kB': cssKb.toFixed(1), 'locale kB': localeKb.toFixed(1), 'over budget': over.join(' ') || '-' };
});

console.table(rows);
console.log(`budgets (gzip kB): JS ${budgets.firstLoadJsKb}, CSS ${budgets.firstLoadCssKb}, locale ${budgets.localeKb}`);
if (failures) {
  console.error(`${failures} route(s) over budget`);
  process.exitCode = 1;
}
