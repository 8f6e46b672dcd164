import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { pagesApi } from '../../common/api/personal-view.ts';
import type { PageRenderer } from '../../common/page-render.ts';
import { matchPageRoute } from '../../common/page-routes.ts';
import { personalViewRequests } from '../../common/personal-view.ts';
import { HttpError } from './errors.ts';
import type { ApiHandlerWithOptions } from './serve-api.ts';

/** Reads the API's answers at these paths under `/api` for the caller of `request` (401 without a session). */
export type ReadResponses = (request: FastifyRequest, paths: readonly string[]) => Promise<Record<string, unknown>>;

/**
 * The answers the API itself gives the caller of `request` at these paths under `/api`: each one a GET through the
 * app's own routes (`inject`, no network) with the caller's credentials, so that a view shows exactly what the page
 * would have read, whichever module answers it. A 401 anywhere is the view's 401; an answer other than a 200 (a
 * message gone, someone else's invitation) is left out, and the page's first render then loads it itself.
 */
export function readApiResponses(app: FastifyInstance): ReadResponses {
  return async (request, paths) => {
    const { authorization } = request.headers;
    if (!authorization) throw new HttpError(401, 'unauthorized', 'Sign in first.');
    const answers = await Promise.all(
      paths.map(async (path) => {
        const response = await app.inject({
          method: 'GET',
          url: `/api${path}`,
          headers: { authorization, accept: 'application/json' },
          remoteAddress: request.ip,
        });
        if (response.statusCode === 401)
          throw new HttpError(401, 'unauthorized', 'The session is no longer valid: sign in again.');
        return response.statusCode === 200 ? ([[path, response.json<unknown>()]] as const) : [];
      }),
    );
    return Object.fromEntries(answers.flat());
  };
}

/**
 * Views per minute per client address. Each one is a server render, the costliest read there is; a refused view
 * costs the reader nothing but speed (the page then loads its data itself), so the limit can be low.
 */
export const PERSONAL_VIEWS_PER_MINUTE = 60;

/**
 * GET /api/personal-view?path=&lang=&tz=&app=&mower= (docs/decisions/021-personal-first-view.md, 029): a page's first
 * view rendered with the data of the bearer token's user (and the app version and current mower its entry was told),
 * and that data, for the entry to paint before the app's code arrives and for the app to take over. Only pages that
 * list their requests in common/personal-view.ts have one. Never cached anywhere: it is one user's.
 */
export function personalViewHandler({
  renderer,
  readResponses,
}: {
  renderer: PageRenderer | undefined;
  readResponses: ReadResponses;
}): ApiHandlerWithOptions<(typeof pagesApi)['routes']['personalView']> {
  return {
    options: { config: { rateLimit: { max: PERSONAL_VIEWS_PER_MINUTE, timeWindow: '1 minute' } } },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { path, lang, tz, app: appVersionCode, mower: currentMower } = request.query;
      const url = new URL(path, 'http://page.invalid');
      const requests = personalViewRequests[matchPageRoute(url.pathname)]?.(url.searchParams, { currentMower }) ?? [];
      // A page with nothing of the user to show (a message page without an id) is its document's first view.
      if (!requests.length)
        throw new HttpError(404, 'no_personal_view', 'This page has no personal view.', 'querystring.path');
      const responses = await readResponses(request, requests);
      if (!renderer) throw new HttpError(503, 'unavailable', 'Pages are not rendered by this server.');
      const data = {
        responses,
        now: Date.now(),
        timeZone: tz,
        appVersionCode: appVersionCode ?? null,
        ...(currentMower !== undefined && { currentMower }),
      };
      return { markup: renderer.render(`${url.pathname}${url.search}`, lang, data), ...data };
    },
  };
}
