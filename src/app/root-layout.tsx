import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { OfflineNotice } from '../components/offline-notice.tsx';
import { call } from '../lib/bridge/bridge.ts';
import { reportUnexpected } from '../lib/error-reporting/error-reporting.ts';
import { RouteOutlet } from './keep-alive.tsx';
import { type AppRoute, appRoutes, matchAppRoute, titleKey } from './routes.ts';

let renderingReported = false;

/**
 * Tells the native side, once per page load, that the first screen is on screen (it then hides its own
 * loading view). Rendered beside the screen inside its Suspense boundary, so it commits only with a loaded
 * screen.
 */
function ReportFirstRender({ onFirstRender }: { onFirstRender: (() => void) | undefined }) {
  useEffect(() => {
    if (renderingReported) return;
    renderingReported = true;
    onFirstRender?.();
    requestAnimationFrame(() => {
      call('finishRendering').catch(reportUnexpected);
    });
  }, [onFirstRender]);
  return null;
}

/** `document.title`: the route's localized title, then the product name, once its namespace is there. */
function useDocumentTitle(route: AppRoute) {
  const { t, ready } = useTranslation([...route.namespaces, 'common']);
  const title = route.untranslatedTitle ?? (ready ? t(titleKey(route) as 'common:notFound.title') : undefined);
  const product = t('common:productName');
  useEffect(() => {
    if (title) document.title = `${title} - ${product}`;
  }, [title, product]);
}

/** `onFirstRender`: called once, when the first screen is on screen (taken over from the server, or rendered). */
export function RootLayout({
  routes = appRoutes,
  onFirstRender,
}: {
  routes?: readonly AppRoute[];
  onFirstRender?: () => void;
}) {
  const { pathname } = useLocation();
  const route = matchAppRoute(pathname, routes);
  useDocumentTitle(route);
  return (
    <>
      <OfflineNotice />
      <RouteOutlet route={route} pathname={pathname}>
        <ReportFirstRender onFirstRender={onFirstRender} />
      </RouteOutlet>
    </>
  );
}
