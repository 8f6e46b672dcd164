import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { loadNamespaces, type Namespace } from '../lib/i18n/i18n.ts';
import { paths } from './paths.ts';

export interface AppRoute {
  id: string;
  /** A path of `paths.ts`; undefined for the not-found route, which matches anything else. */
  path: string | undefined;
  /** The route's title, in the `common` namespace so it is there before the route's chunk. */
  titleKey: `routes.${string}`;
  /** Kept alive (hidden, not unmounted) when the user leaves it: the message centre. */
  keepAlive?: boolean;
  /** The route's screen: its chunk and its locale namespaces, loaded together on first visit. */
  Screen: LazyExoticComponent<ComponentType>;
}

function screen(load: () => Promise<{ default: ComponentType }>, namespaces: readonly Namespace[] = []) {
  return lazy(async () => (await Promise.all([load(), loadNamespaces(namespaces)]))[0]);
}

/** The one route table of the web view (contract section 2). */
export const appRoutes: readonly AppRoute[] = [
  {
    id: 'healthPing',
    path: paths.healthPing.path,
    titleKey: 'routes.healthPing',
    Screen: screen(() => import('./routes/health-ping.tsx'), ['health']),
  },
];

export const notFoundRoute: AppRoute = {
  id: 'notFound',
  path: undefined,
  titleKey: 'routes.notFound',
  Screen: screen(() => import('./routes/not-found.tsx')),
};

export function matchAppRoute(pathname: string, routes: readonly AppRoute[] = appRoutes): AppRoute {
  return routes.find((route) => route.path && matchPath({ path: route.path, end: true }, pathname)) ?? notFoundRoute;
}
