import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { OfflineNotice } from '../components/offline-notice.tsx';
import { call } from '../lib/bridge/bridge.ts';
import { RouteOutlet } from './keep-alive.tsx';
import { type AppRoute, appRoutes, matchAppRoute } from './routes.ts';

let renderingReported = false;

/**
 * Tells the native side, once per page load, that the first screen is on screen (it then hides its own
 * loading view). Rendered beside the screen inside its Suspense boundary, so it commits only with a loaded
 * screen.
 */
function ReportFirstRender() {
  useEffect(() => {
    if (renderingReported) return;
    renderingReported = true;
    requestAnimationFrame(() => {
      call('finishRendering').catch(() => undefined);
    });
  }, []);
  return null;
}

function useDocumentTitle(route: AppRoute) {
  const { t } = useTranslation();
  const title = t(route.titleKey as 'routes.notFound');
  const product = t('productName');
  useEffect(() => {
    document.title = `${title} - ${product}`;
  }, [title, product]);
}

export function RootLayout({ routes = appRoutes }: { routes?: readonly AppRoute[] }) {
  const { pathname } = useLocation();
  const route = matchAppRoute(pathname, routes);
  useDocumentTitle(route);
  return (
    <>
      <OfflineNotice />
      <RouteOutlet route={route} pathname={pathname}>
        <ReportFirstRender />
      </RouteOutlet>
    </>
  );
}
