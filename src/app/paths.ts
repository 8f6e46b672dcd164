import { type PageRouteId, pageRoutes } from '../../common/page-routes.ts';

type PagePaths = {
  readonly [Id in Exclude<PageRouteId, 'notFound'>]: {
    readonly path: (typeof pageRoutes)[Id]['path'];
    getHref(): string;
  };
};

/**
 * Every page path of the product (contract section 2), from the page table in `common/page-routes.ts`. Screens
 * link with `paths.x.getHref()`. A path is added there with its screen, never before: an unregistered path shows
 * the not-found page.
 */
export const paths = Object.fromEntries(
  Object.entries(pageRoutes).flatMap(([id, route]) =>
    'path' in route ? [[id, { path: route.path, getHref: () => route.path }]] : [],
  ),
) as PagePaths;
