import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../common/api-routes.ts';
import { apiEndpoints } from './vite-api-endpoints-plugin.ts';

const plugin = apiEndpoints();
const resolve = plugin.resolveId as (id: string) => string | undefined;
const context = { addWatchFile: () => {} };
const loadHook = plugin.load as unknown as (this: typeof context, id: string) => Promise<string>;

/** What the plugin gives the web view's bundle for a module id. */
const load = (id: string) => loadHook.call(context, resolve(id)!);

describe('virtual:api-endpoints', () => {
  it('re-exports every route of the table under its id, each from a module of its own', async () => {
    const index = await load('virtual:api-endpoints');
    const reexports = [...index.matchAll(/^export \{ (\w+) \} from 'virtual:api-endpoints\/(\w+)';$/gm)];
    expect(reexports.map(([, id]) => id).sort()).toEqual(Object.keys(apiRoutes).sort());
    for (const [, id, module] of reexports) expect(module).toBe(id);
  });

  it("gives each route's module its method and path and nothing of its schemas", async () => {
    for (const [id, route] of Object.entries(apiRoutes)) {
      const code = await load(`virtual:api-endpoints/${id}`);
      const [, name, json] = /^export const (\w+) = (.*);\n$/.exec(code)!;
      expect(name).toBe(id);
      const { method, path } = route;
      expect(JSON.parse(json!), id).toEqual({ method, path, ...('cookies' in route && { cookies: route.cookies }) });
    }
  });

  it('refuses a route the table does not have, and answers for no other module', async () => {
    await expect(load('virtual:api-endpoints/noSuchRoute')).rejects.toThrow(/no route noSuchRoute/);
    expect(resolve('zod')).toBeUndefined();
  });
});
