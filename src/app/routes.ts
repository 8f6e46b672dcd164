import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { loadNamespaces, type Namespace } from '../lib/i18n/i18n.ts';
import { paths } from './paths.ts';

export interface AppRoute {
  id: string;
  /** A path of `paths.ts`; undefined for the not-found route, which matches anything else. */
  path: string | undefined;
  /** The locale namespaces the screen needs; loaded with its chunk. The first holds its title. */
  namespaces: readonly [Namespace, ...Namespace[]];
  /** The title's key in the first namespace, when it is not `title`. */
  titleKey?: string;
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
    id: 'smartHomeLogin',
    path: paths.smartHomeLogin.path,
    namespaces: ['accountLinking'],
    load: () => import('./routes/smart-home-login.tsx'),
  }),
  route({
    id: 'alexaInstallNavimow',
    path: paths.alexaInstallNavimow.path,
    namespaces: ['accountLinking'],
    titleKey: 'alexaTitle',
    load: () => import('./routes/alexa-install-navimow.tsx'),
  }),
  route({
    id: 'connectSolutions',
    path: paths.connectSolutions.path,
    namespaces: ['connectSolutions'],
    load: () => import('./routes/connect-solutions.tsx'),
  }),
  route({
    id: 'winterGuide',
    path: paths.winterGuide.path,
    namespaces: ['winterGuide'],
    load: () => import('./routes/winter-guide.tsx'),
  }),
  route({
    id: 'overDischargeNotice',
    path: paths.overDischargeNotice.path,
    namespaces: ['overDischarge'],
    load: () => import('./routes/over-discharge-notice.tsx'),
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
  if (appRoute.namespaces[0] === 'common') return 'common:notFound.title';
  return `${appRoute.namespaces[0]}:${appRoute.titleKey ?? 'title'}`;
}
