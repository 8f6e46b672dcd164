import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { loadNamespaces, type Namespace } from '../lib/i18n/i18n.ts';
import { paths } from './paths.ts';

export interface AppRoute {
  id: string;
  /** A path of `paths.ts`; undefined for the not-found route, which matches anything else. */
  path: string | undefined;
  /** The locale namespaces the screen needs; loaded with its chunk. The first holds its `title`. */
  namespaces: readonly [Namespace, ...Namespace[]];
  /** Kept alive (hidden, not unmounted) when the user leaves it: the message centre. */
  keepAlive?: boolean;
  Screen: LazyExoticComponent<ComponentType>;
}

type RouteDefinition = Omit<AppRoute, 'Screen'> & { load: () => Promise<{ default: ComponentType }> };

/** A route whose screen chunk and locale namespaces load together, on first visit. */
function route({ load, ...definition }: RouteDefinition): AppRoute {
  return {
    ...definition,
    Screen: lazy(async () => (await Promise.all([load(), loadNamespaces(definition.namespaces)]))[0]),
  };
}

/** The one route table of the web view (contract section 2). Each screen's title is `<namespace>:title`. */
export const appRoutes: readonly AppRoute[] = [
  route({
    id: 'healthPing',
    path: paths.healthPing.path,
    namespaces: ['health'],
    load: () => import('./routes/health-ping.tsx'),
  }),
  route({
    id: 'expansionBay',
    path: paths.expansionBay.path,
    namespaces: ['expansionBay'],
    load: () => import('./routes/expansion-bay.tsx'),
  }),
  route({
    id: 'commentTool',
    path: paths.commentTool.path,
    namespaces: ['comments'],
    load: () => import('./routes/shulex-comment-tool.tsx'),
  }),
];

export const notFoundRoute: AppRoute = route({
  id: 'notFound',
  path: undefined,
  namespaces: ['common'],
  load: () => import('./routes/not-found.tsx'),
});

export function matchAppRoute(pathname: string, routes: readonly AppRoute[] = appRoutes): AppRoute {
  return routes.find((candidate) => candidate.path && matchPath({ path: candidate.path, end: true }, pathname)) ?? notFoundRoute;
}

/** The i18next key of a route's title. */
export function titleKey(appRoute: AppRoute): string {
  return appRoute.namespaces[0] === 'common' ? 'common:notFound.title' : `${appRoute.namespaces[0]}:title`;
}
