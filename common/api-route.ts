import type { z } from 'zod';

/**
 * One endpoint of the HTTP API as data (contract section 4), the twin of a page in common/page-routes.ts: its method,
 * its path, what it takes and what it answers. The server registers it with these schemas (server/http/serve-api.ts),
 * the web view calls it by its id with the types inferred from them (src/lib/api-client.ts), and
 * server/http/api-table.test.ts checks that the table and the server's routes are the same set.
 */
export interface ApiRoute {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The whole path, `:name` for a path parameter (`/api/messages/:id`). */
  readonly path: `/${string}`;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /**
   * The JSON of a 2xx answer, which the server checks before it sends it; none for an answer without a body (204)
   * or one that is not JSON (an event stream).
   */
  readonly response?: z.ZodType;
  /**
   * Sends the origin's cookies: the authorization server's interaction endpoints, whose cookie names the login in
   * progress. The API itself never sees a cookie (it authenticates with bearer tokens).
   */
  readonly cookies?: true;
}

/**
 * The routes of one server module: every path of the API is one module's (server/http/api-table.test.ts), so a
 * reader of a URL knows where its handler is.
 */
export interface ApiModuleRoutes<Routes extends Record<string, ApiRoute> = Record<string, ApiRoute>> {
  /** The module under server/modules/ that serves them. */
  readonly module: string;
  readonly routes: Routes;
}

export function defineApiRoutes<const Routes extends Record<string, ApiRoute>>(
  module: string,
  routes: Routes,
): ApiModuleRoutes<Routes> {
  return { module, routes };
}

type Infer<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;

/** What a call of the route sends: its path parameters, its query and its body, each only when it has one. */
export type ApiInput<Route extends ApiRoute> = (Route['params'] extends z.ZodType
  ? { params: Infer<Route['params']> }
  : { params?: never }) &
  (Route['query'] extends z.ZodType ? { query?: Infer<Route['query']> } : { query?: never }) &
  (Route['body'] extends z.ZodType ? { body: Infer<Route['body']> } : { body?: never });

/** What the route answers: its response's JSON, or nothing (204). */
export type ApiOutput<Route extends ApiRoute> = Route['response'] extends z.ZodType
  ? z.output<Route['response']>
  : undefined;

/** What the web view needs of a route at run time: the schemas stay on the server (scripts/vite-api-endpoints-plugin.ts). */
export type ApiEndpoint = Pick<ApiRoute, 'method' | 'path' | 'cookies'>;

declare const routeId: unique symbol;

/** The endpoint of route `Id`: its id is in its type only, for the types of a call's input and answer. */
export type ApiEndpointOf<Id extends string> = ApiEndpoint & { readonly [routeId]?: Id };

/** The route's path with its parameters filled in, each encoded as one path segment. */
export function pathOf(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new TypeError(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
