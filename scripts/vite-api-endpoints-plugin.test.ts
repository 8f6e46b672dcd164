import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../common/api-routes.ts';
import { apiEndpoints } from './vite-api-endpoints-plugin.ts';

/** What the plugin gives the web view's bundle for `virtual:api-endpoints`. */
async function load(): Promise<string> {
  const plugin = apiEndpoints();
  const resolved = (plugin.resolveId as (id: string) => string | undefined)('virtual:api-endpoints');
  const context = { addWatchFile: () => {} };
  const load = plugin.load as unknown as (this: typeof context, id: string) => Promise<string>;
  return await load.call(context, resolved!);
}

describe('virtual:api-endpoints', () => {
  it('exports every route of the table under its id, with its method and path and nothing of its schemas', async () => {
    const code = await load();
    const exported = Object.fromEntries(
      [...code.matchAll(/^export const (\w+) = (.*);$/gm)].map(([, id, json]) => [id, JSON.parse(json!)]),
    );
    expect(Object.keys(exported).sort()).toEqual(Object.keys(apiRoutes).sort());
    for (const [id, route] of Object.entries(apiRoutes)) {
      const { method, path } = route;
      expect(exported[id], id).toEqual({ method, path, ...('cookies' in route && { cookies: route.cookies }) });
    }
    expect(code.split('\n').filter(Boolean)).toHaveLength(Object.keys(apiRoutes).length);
  });

  it('answers for no other module', () => {
    const plugin = apiEndpoints();
    expect((plugin.resolveId as (id: string) => string | undefined)('zod')).toBeUndefined();
  });
});
