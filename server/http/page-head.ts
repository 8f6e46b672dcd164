import type { Language } from '../../common/languages.ts';
import { FIRST_SCREEN_FILES_ID } from '../../common/page-render.ts';
import { PERSONAL_VIEW_META, personalViewRequests } from '../../common/personal-view.ts';
import { type PageRoute, type PageRouteId, pageRoutes, screenModule } from '../../common/page-routes.ts';

/** One chunk of Vite's build manifest (`dist/web/.vite/manifest.json`, `build.manifest` in vite.config.ts). */
export interface ManifestChunk {
  file: string;
  /** The chunk's name: vite.config.ts names the app's chunk `start`. */
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type BuildManifest = Readonly<Record<string, ManifestChunk>>;

/** The simulated native app's installer: src/start.tsx loads it before anything else on a simulated page. */
const SIMULATOR_MODULE = 'src/simulator/install.tsx';

export interface PageHeadOptions {
  manifest: BuildManifest | undefined;
  /** Where the locale files are, `/assets/locales-<version>` (scripts/vite-locales-plugin.ts). */
  localesBase: string | undefined;
  /** Pages run in the simulated native app (`NAVIMOW_SIMULATOR=on`), except those meant for a plain browser. */
  simulator: boolean;
}

/** What the document of one page, in one language, announces in its head. */
export interface PageHead {
  simulated: boolean;
  /** The page has a personal first view (common/personal-view.ts). */
  personal: boolean;
  /** The app the entry starts after the first paint, and the screen's chunks. */
  modulePreloads: readonly string[];
  stylesheets: readonly string[];
  localePreloads: readonly string[];
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Prepares, for every page, the requests its first screen needs so that the browser starts them with the
 * entry instead of one after the other (entry, common strings, app, route chunk, route strings): the app the entry
 * starts (its dynamic import), the route's chunk and their static imports as module preloads, their CSS, and the
 * locale files as fetch preloads. Everything is
 * derived from the build manifest and the page table (common/page-routes.ts); what the entry already loads
 * (Vite writes its tags into index.html) is left out.
 */
export function createPageHeads({ manifest, localesBase, simulator }: PageHeadOptions) {
  /** A chunk and everything it imports statically, imports first: the order Vite applies their CSS in. */
  const closure = (key: string, seen = new Set<string>(), ordered: string[] = []): string[] => {
    if (seen.has(key) || !manifest?.[key]) return ordered;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen, ordered);
    ordered.push(key);
    return ordered;
  };
  const entryKey = manifest && Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loadedByEntry = new Set(entryKey ? closure(entryKey) : []);
  // The entry imports the app (src/start.tsx) after the first paint: every page announces it, behind the document.
  // Not the entry's other dynamic imports (the error reporter, loaded only when a report is to be sent).
  const startKeys = ((entryKey && manifest[entryKey]!.dynamicImports) || []).filter(
    (key) => manifest?.[key]?.name === 'start',
  );
  const startFiles = filesOfMany(startKeys);
  for (const key of startKeys) for (const chunk of closure(key)) loadedByEntry.add(chunk);

  /** The files of modules and their static imports that the entry does not already bring. */
  function filesOfMany(keys: readonly string[]) {
    const chunks = [...new Set(keys.flatMap((key) => closure(key)))].filter((chunk) => !loadedByEntry.has(chunk));
    const entryCss = new Set([...loadedByEntry].flatMap((chunk) => manifest?.[chunk]?.css ?? []));
    return {
      scripts: chunks.map((chunk) => `/${manifest![chunk]!.file}`),
      stylesheets: [...new Set(chunks.flatMap((chunk) => manifest![chunk]!.css ?? []))]
        .filter((css) => !entryCss.has(css))
        .map((css) => `/${css}`),
    };
  }
  const filesOf = (key: string) => filesOfMany([key]);

  const routeIds = Object.keys(pageRoutes) as PageRouteId[];
  const missing = routeIds.filter((id) => manifest && !manifest[screenModule(pageRoutes[id])]);
  const simulatorFiles = simulator ? filesOf(SIMULATOR_MODULE) : { scripts: [], stylesheets: [] };

  const heads = new Map(
    routeIds.map((id) => {
      const route: PageRoute = pageRoutes[id];
      const simulated = simulator && !route.plainBrowser;
      const screen = filesOf(screenModule(route));
      return [
        id,
        (language: Language): PageHead => ({
          simulated,
          personal: personalViewRequests[id] !== undefined,
          modulePreloads: [...startFiles.scripts, ...(simulated ? simulatorFiles.scripts : []), ...screen.scripts],
          stylesheets: [
            ...startFiles.stylesheets,
            ...(simulated ? simulatorFiles.stylesheets : []),
            ...screen.stylesheets,
          ],
          localePreloads: localesBase
            ? [...new Set(['common', ...route.namespaces])].map(
                (namespace) => `${localesBase}/${language}/${namespace}.json`,
              )
            : [],
        }),
      ] as const;
    }),
  );

  return {
    /** Page routes whose screen is not in the build: a build older than the page table. */
    missing,
    head(id: PageRouteId, language: Language): PageHead {
      return heads.get(id)!(language);
    },
  };
}

/** Stylesheets above this size stay links: inlined, they would cost more on repeat visits than they save. */
const INLINE_STYLESHEET_MAX_BYTES = 64 * 1024;

/**
 * The entry's stylesheet written into the document instead of linked: a linked stylesheet blocks the first paint
 * for one more round trip after the HTML (Lighthouse measured 150 ms of the mobile LCP), while the whole style of
 * the web view is about 4 kB compressed. `read` gives a file of the build by its URL path, or undefined.
 */
export function inlineStylesheets(template: string, read: (path: string) => string | undefined): string {
  return template.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g,
    (link, href: string) => {
      const css = read(href);
      if (css === undefined || Buffer.byteLength(css) > INLINE_STYLESHEET_MAX_BYTES) return link;
      // `</style` inside the text would end the element early; CSS can say it as `<\/style` just as well.
      return `<style>${css.replaceAll(/<\/(style)/gi, '<\\/$1')}</style>`;
    },
  );
}

/**
 * The document for one page: `index.html` with the page's language, the simulator mark where it applies, the
 * preloads and, when there is one, the server-rendered first view inside `#root`.
 *
 * The preloads of the code and the strings wait in a `<template>` (inert: nothing in it is fetched) that the entry
 * moves into the head once the browser has painted the server's markup (docs/decisions/019-server-rendered-first-
 * view.md): then they all start at once, and none competes with the document for the first paint. The locale
 * preloads are `crossorigin` fetches, exactly as i18n.ts fetches them (CORS mode, credentials of the same origin),
 * or the browser would download each file twice.
 */
export function renderPageHtml(template: string, language: Language, head: PageHead, rootMarkup = ''): string {
  const preloads = [
    ...head.modulePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
    ...head.localePreloads.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`),
  ];
  const tags = [
    ...head.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`),
    ...(preloads.length ? [`<template id="${FIRST_SCREEN_FILES_ID}">${preloads.join('')}</template>`] : []),
  ];
  let html = template.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  if (head.simulated) html = html.replace('<head>', '<head>\n    <meta name="navimow-simulator" content="on" />');
  if (head.personal) html = html.replace('<head>', `<head>\n    <meta name="${PERSONAL_VIEW_META}" content="on" />`);
  if (tags.length)
    html = html.replace(
      /^([ \t]*)<\/head>/m,
      (closing, indent: string) => `${indent}  ${tags.join(`\n${indent}  `)}\n${closing}`,
    );
  // A function, so that `$` in the markup is never read as a replacement pattern.
  if (rootMarkup) html = html.replace('<div id="root"></div>', () => `<div id="root">${rootMarkup}</div>`);
  return html;
}
