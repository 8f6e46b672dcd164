import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { ApiModuleRoutes, ApiOutput, ApiRoute } from '../../common/api-route.ts';

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown;

/** The request of a route of the table, typed by its schemas (which validated it before the handler runs). */
export type ApiRequestOf<Route extends ApiRoute> = FastifyRequest<{
  Params: Parsed<Route['params']>;
  Querystring: Parsed<Route['query']>;
  Body: Parsed<Route['body']>;
}>;

/**
 * A route's handler: it answers the route's response (checked against its schema before it is sent), or sends
 * through `reply` itself (another status, an event stream).
 */
export type ApiHandler<Route extends ApiRoute> = (
  request: ApiRequestOf<Route>,
  reply: FastifyReply,
) => Promise<ApiOutput<Route> | FastifyReply>;

/** A handler with the route's own options besides its schemas (its rate limit). */
export interface ApiHandlerWithOptions<Route extends ApiRoute> {
  readonly options: Pick<RouteShorthandOptions, 'config'>;
  readonly handler: ApiHandler<Route>;
}

export type ApiHandlers<Routes extends Record<string, ApiRoute>> = {
  readonly [Id in keyof Routes]: ApiHandler<Routes[Id]> | ApiHandlerWithOptions<Routes[Id]>;
};

/**
 * Registers a module's routes of the API table (common/api-routes.ts) on `app`, each at its path with its schemas:
 * a handler for every route, so a route of the table cannot go unserved. `only` leaves routes out (the simulator's
 * when it is off).
 */
export function serveApi<const Routes extends Record<string, ApiRoute>>(
  app: FastifyInstance,
  { routes }: ApiModuleRoutes<Routes>,
  handlers: NoInfer<ApiHandlers<Routes>>,
  only: (id: keyof Routes & string) => boolean = () => true,
): void {
  for (const [id, route] of Object.entries(routes) as [keyof Routes & string, ApiRoute][]) {
    if (!only(id)) continue;
    const given = handlers[id];
    const { options, handler } = typeof given === 'function' ? { options: {}, handler: given } : given;
    app.route({
      ...options,
      method: route.method,
      url: route.path,
      schema: {
        ...(route.params && { params: route.params }),
        ...(route.query && { querystring: route.query }),
        ...(route.body && { body: route.body }),
        ...(route.response && { response: { '2xx': route.response } }),
      },
      // The schemas above are the handler's types (ApiRequestOf); Fastify's own generics cannot follow a table.
      handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    });
  }
}
