import type { PageRenderer } from '../common/page-render.ts';
import { isApiPath, errorBody } from './http/errors.ts';
import { loadPageRenderer, registerPages } from './http/pages.ts';
import { pagesApi } from '../common/api/personal-view.ts';
import { personalViewHandler, readApiResponses } from './http/personal-view.ts';
import { serveApi } from './http/serve-api.ts';
import { defineModule } from './module.ts';
import { authorizationRequestOf, LOGIN_PAGES } from './modules/oauth/public.ts';

interface PagesNeeds {
  /** A renderer of the test's own; by default the server entry beside `webRoot`. */
  pageRenderer: PageRenderer | undefined;
  config: { webRoot: string | undefined; simulator: boolean; pageRequestsPerMinute: number };
}

type PagesRouteNeeds = Pick<PagesNeeds, 'config'> & { renderer: PageRenderer | undefined };

/**
 * The web view's pages (contract section 2; their settings are the server's own, server/core-module.ts): the built
 * pages, each first view rendered on the server (docs/decisions/019-…), the personal first views under
 * `/api/personal-view` (docs/decisions/029-…), the real product's login links, and the answer to every other path.
 * Last in server/modules.ts, so that the not-found answer is for what no module serves.
 */
export const pagesModule = defineModule({
  name: 'pages',
  start: async (_app, { pageRenderer, config }: PagesNeeds) => ({
    provides: { renderer: pageRenderer ?? (config.webRoot ? await loadPageRenderer(config.webRoot) : undefined) },
  }),
  routes: async (app, { config, renderer }: PagesRouteNeeds) => {
    const { webRoot, simulator, pageRequestsPerMinute } = config;
    const { serveIndex } = webRoot
      ? await registerPages(app, { webRoot, simulator, renderer, requestsPerMinute: pageRequestsPerMinute })
      : { serveIndex: undefined };

    // The real product's links open the login page itself with the authorization request: hand it to the
    // authorization endpoint, which comes back to the page with an interaction.
    for (const page of new Set(Object.values(LOGIN_PAGES))) {
      app.get(page, (request, reply) => {
        const authorization = request.url.includes('?')
          ? authorizationRequestOf(request.url.slice(request.url.indexOf('?') + 1))
          : undefined;
        if (authorization !== undefined) return reply.redirect(`/oauth/authorize?${authorization}`, 303);
        return serveIndex ? serveIndex(reply) : reply.callNotFound();
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path);
      if (isPage && serveIndex) return serveIndex(reply);
      return reply.code(404).send(errorBody('not_found', `No route ${request.method} ${path}`));
    });
  },
  apiRoutes: (api, { renderer }: PagesRouteNeeds) =>
    serveApi(api, pagesApi, { personalView: personalViewHandler({ renderer, readResponses: readApiResponses(api) }) }),
});
