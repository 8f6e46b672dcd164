import { type ComponentType, createElement, lazy, useState } from 'react';
import { type PageRoute, type PageRouteId, pageRoutes, pathMatches, screenModule } from '../../common/page-routes.ts';
import { hasNamespace, loadNamespaces, type Namespace } from '../lib/i18n/i18n.ts';

export interface AppRoute {
  id: string;
  /** A path of `common/page-routes.ts`; undefined for the not-found route, which matches anything else. */
  path: string | undefined;
  /** The locale namespaces the screen needs; loaded with its chunk. The first holds its title. */
  namespaces: readonly [Namespace, ...Namespace[]];
  /** The title's key in the first namespace, when it is not `title`. */
  titleKey?: string;
  /** Kept alive (hidden, not unmounted) when the user leaves it: the message centre. */
  keepAlive?: boolean;
  /** Opened in a plain browser, outside the mower app: never inside the simulated one. */
  plainBrowser?: boolean;
  /** A developer tool's title, in English whatever the language (common/page-routes.ts). */
  untranslatedTitle?: string;
  Screen: ComponentType;
}

/** A namespace of the page table without a locale file is a type error here. */
type KnownNamespace<T extends Namespace> = T;
type _PageNamespaces = KnownNamespace<(typeof pageRoutes)[PageRouteId]['namespaces'][number]>;

/**
 * Every screen module, each its own chunk. Looked up by the page table's `screen` name, so that the server,
 * which reads the same table, preloads exactly the chunk this file loads.
 */
const screens = import.meta.glob<{ default: ComponentType }>(['./routes/*.tsx', '!./routes/*.test.tsx']);

const screenLoaders = new WeakMap<AppRoute, () => Promise<unknown>>();

/**
 * A route whose screen chunk and locale namespaces load together, on first visit. A screen that is already
 * there (the first one, preloaded at start-up) renders at once: suspending would show the empty fallback and
 * then hold the screen back by React's fallback throttle (300 ms), on every first load.
 */
function route(id: PageRouteId): AppRoute {
  const { screen, namespaces, ...definition }: PageRoute = pageRoutes[id];
  const load = screens[`./routes/${screen}.tsx`];
  if (!load) throw new Error(`The page ${id} has no screen module ${screenModule({ screen })}`);
  const routeNamespaces = namespaces as AppRoute['namespaces'];

  let loadedScreen: ComponentType | undefined;
  const loadModule = async () => {
    const module = await load();
    loadedScreen = module.default;
    return module;
  };
  const LazyScreen = lazy(async () => (await Promise.all([loadModule(), loadNamespaces(routeNamespaces)]))[0]);
  const loaded = () => loadedScreen && routeNamespaces.every(hasNamespace);

  function Screen() {
    // Chosen once per mount: turning the lazy screen into the loaded one later would remount it.
    const [Component] = useState<ComponentType>(() => (loaded() ? loadedScreen! : LazyScreen));
    return createElement(Component);
  }
  Screen.displayName = `Screen(${id})`;

  const appRoute: AppRoute = {
    id,
    path: definition.path,
    namespaces: routeNamespaces,
    ...(definition.titleKey && { titleKey: definition.titleKey }),
    ...(definition.keepAlive && { keepAlive: true }),
    ...(definition.plainBrowser && { plainBrowser: true }),
    ...(definition.untranslatedTitle && { untranslatedTitle: definition.untranslatedTitle }),
    Screen,
  };
  screenLoaders.set(appRoute, loadModule);
  return appRoute;
}

/**
 * Loads a route's screen chunk without rendering it: at start-up, beside the strings (which the caller loads),
 * so that the first render finds the screen there. A failure is left to the screen's own loading, which retries
 * and shows its error boundary.
 */
export function preloadScreen(appRoute: AppRoute): Promise<void> {
  const load = screenLoaders.get(appRoute);
  return load
    ? load().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

/** The one route table of the web view (contract section 2), built from `common/page-routes.ts`. */
export const appRoutes: readonly AppRoute[] = (Object.keys(pageRoutes) as PageRouteId[])
  .filter((id) => id !== 'notFound')
  .map(route);

export const notFoundRoute: AppRoute = route('notFound');

export function matchAppRoute(pathname: string, routes: readonly AppRoute[] = appRoutes): AppRoute {
  return (
    routes.find((candidate) => candidate.path !== undefined && pathMatches(candidate.path, pathname)) ?? notFoundRoute
  );
}

/** The i18next key of a route's title. */
export function titleKey(appRoute: AppRoute): string {
  if (appRoute.namespaces[0] === 'common') return 'common:notFound.title';
  return `${appRoute.namespaces[0]}:${appRoute.titleKey ?? 'title'}`;
}
