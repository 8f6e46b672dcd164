import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type * as Table from '../common/api-routes.ts';

const ID = 'virtual:api-endpoints';
const RESOLVED = `\0${ID}`;
const TABLE = fileURLToPath(new URL('../common/api-routes.ts', import.meta.url));

/**
 * `virtual:api-endpoints`: the web view's part of the API table (common/api-routes.ts), each route's method and
 * path without its schemas, so that the pages call the API by id without bundling zod. One export per route id, so
 * that each page's chunks carry only the endpoints it calls. The table is read in Node at build time; its types come
 * from the table itself (src/vite-env.d.ts).
 */
export function apiEndpoints(): Plugin {
  return {
    name: 'navimow:api-endpoints',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(TABLE);
      // A fresh copy after an edit in development (Node caches a module by its URL).
      const table = (await import(`${pathToFileURL(TABLE).href}?t=${Date.now()}`)) as typeof Table;
      return Object.entries(table.endpointsOf(table.apiRoutes))
        .map(([id, endpoint]) => `export const ${id} = ${JSON.stringify(endpoint)};\n`)
        .join('');
    },
  };
}
