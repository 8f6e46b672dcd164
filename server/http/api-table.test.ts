/**
 * The API table (common/api-routes.ts) and the server are the same set: every route of the table is served at its
 * method and path, with its schemas, and the server serves nothing under /api that the table does not name; each path
 * is one module's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiModules, apiRoutes } from '../../common/api-routes.ts';
import type { ApiRoute } from '../../common/api-route.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** Routes of the web view outside /api that the table holds: the authorization server's interaction endpoints. */
const TABLE_OUTSIDE_API = /^\/oauth\/interaction\/:uid\/\w+$/;

const key = (method: string, path: string) => `${method} ${path}`;

function servedByTheTable(app: TestApp): Set<string> {
  const served = new Set<string>();
  for (const { methods, url } of app.app.registeredRoutes) {
    // Fastify adds HEAD to every GET, and a route at a prefix's root is also registered with a trailing slash.
    if (!(url.startsWith('/api/') || TABLE_OUTSIDE_API.test(url))) continue;
    for (const method of methods) if (method !== 'HEAD') served.add(key(method, url.replace(/(.)\/$/, '$1')));
  }
  return served;
}

const tableKeys = (routes: readonly ApiRoute[]) => routes.map(({ method, path }) => key(method, path));

describe.each(['with', 'without'] as const)('the API table and the server %s the simulator', (simulator) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('sqlite', { simulator: simulator === 'with' });
  });
  afterAll(() => app.close());

  it('are the same set of routes', () => {
    const routes = Object.values(apiRoutes) as ApiRoute[];
    const expected = tableKeys(
      simulator === 'with' ? routes : routes.filter(({ path }) => !path.startsWith('/api/simulator/')),
    );
    expect([...servedByTheTable(app)].sort()).toEqual(expected.sort());
  });

  it('registers each route with the schemas of the table', () => {
    for (const route of Object.values(apiRoutes) as ApiRoute[]) {
      const registered = app.app.registeredRoutes.find(
        ({ methods, url }) => methods.includes(route.method) && url === route.path,
      );
      if (!registered && simulator === 'without' && route.path.startsWith('/api/simulator/')) continue;
      expect(registered, key(route.method, route.path)).toBeDefined();
      expect(registered?.schema?.params, `${route.path} params`).toBe(route.params);
      expect(registered?.schema?.querystring, `${route.path} query`).toBe(route.query);
      expect(registered?.schema?.body, `${route.path} body`).toBe(route.body);
      const response = (registered?.schema?.response as Record<string, unknown> | undefined)?.['2xx'];
      expect(response, `${route.path} response`).toBe(route.response);
    }
  });
});

describe('the API table', () => {
  it('gives every route its own id', () => {
    const ids = apiModules.flatMap(({ routes }) => Object.keys(routes));
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(apiRoutes).sort()).toEqual(ids.sort());
  });

  it('gives every path to one module: the first segment after /api (or /oauth/interaction) names it', () => {
    const owners = new Map<string, Set<string>>();
    for (const { module, routes } of apiModules) {
      for (const { path } of Object.values(routes) as ApiRoute[]) {
        const area = path.split('/').slice(0, 3).join('/');
        owners.set(area, (owners.get(area) ?? new Set()).add(module));
      }
    }
    for (const [area, modules] of owners) expect([...modules], area).toHaveLength(1);
  });

  it('names a method and a path once', () => {
    const keys = tableKeys(Object.values(apiRoutes) as ApiRoute[]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
