import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type * as Table from '../common/api-routes.ts';

const ID = 'virtual:api-endpoints';
const RESOLVED = `\0${ID}`;
const TABLE = fileURLToPath(new URL('../common/api-routes.ts', import.meta.url));

/**
 * `virtual:api-endpoints`: the web view's part of the API table (common/api-routes.ts), each route's method and
 * path without its schemas, so that the pages call the API by id without bundling zod. Each route is a module of its
 * own (`virtual:api-endpoints/<id>`), which the index re-exports under its id: the bundler puts each in the chunk of
 * the pages that call it, so that a page carries the endpoints it calls and no others. The table is read in Node at
 * build time; its types come from the table itself (src/vite-env.d.ts).
 */
export function apiEndpoints(): Plugin {
  return {
    name: 'navimow:api-endpoints',
    resolveId: (id) => (id === ID || id.startsWith(`${ID}/`) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      this.addWatchFile(TABLE);
      // A fresh copy after an edit in development (Node caches a module by its URL).
      const table = (await import(`${pathToFileURL(TABLE).href}?t=${Date.now()}`)) as typeof Table;
      const endpoints = table.endpointsOf(table.apiRoutes);
      if (id === RESOLVED) {
        return Object.keys(endpoints)
          .map((route) => `export { ${route} } from '${ID}/${route}';\n`)
          .join('');
      }
      const route = id.slice(RESOLVED.length + 1);
      const endpoint = endpoints[route];
      if (!endpoint) throw new Error(`${id}: no route ${route} in common/api-routes.ts`);
      return `export const ${route} = ${JSON.stringify(endpoint)};\n`;
    },
  };
}
