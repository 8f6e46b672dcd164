/**
 * The server's entry (docs/decisions/019-server-rendered-first-view.md): renders a page's first view to HTML, so
 * that the phone paints the screen from the document, before any script has arrived, and the page then hydrates
 * it. Built by `npm run build` to `dist/ssr/entry-server.js` and loaded by server/http/pages.ts.
 *
 * What is rendered is the screen's first state, the same the page's first render produces: no bridge call or API
 * request has run (those start in effects), so nothing of the user is in it and the markup depends only on the
 * URL and the language. A personal first view (common/personal-view.ts) is the same first state with the API's
 * answers the user's token gave, rendered for the request that asked with that token, and never kept.
 */
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { SUPPORTED_LANGUAGES } from '../common/languages.ts';
import type { CreatePageRenderer } from '../common/page-render.ts';
import { RootLayout } from './app/root-layout.tsx';
import { appRoutes, notFoundRoute, preloadScreen } from './app/routes.ts';
import { i18next, type Namespace, applyPluralLocales } from './lib/i18n/i18n.ts';
import { withPersonalView } from './lib/personal-view-data.ts';

export const createPageRenderer: CreatePageRenderer = async (readNamespace) => {
  const routes = [...appRoutes, notFoundRoute];
  const namespaces = [...new Set<Namespace>(['common', ...routes.flatMap((route) => route.namespaces)])];
  const resources = Object.fromEntries(
    SUPPORTED_LANGUAGES.map((language) => [
      language,
      Object.fromEntries(namespaces.map((namespace) => [namespace, readNamespace(language, namespace)])),
    ]),
  );
  await i18next.use(initReactI18next).init({
    resources,
    lng: 'en',
    supportedLngs: SUPPORTED_LANGUAGES,
    fallbackLng: false,
    ns: namespaces,
    defaultNS: 'common',
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  applyPluralLocales(i18next);
  // Every screen is there before the first render, as the page preloads its first screen before it hydrates.
  await Promise.all(routes.map(preloadScreen));
  const instances = new Map(
    SUPPORTED_LANGUAGES.map((language) => [
      language as string,
      i18next.cloneInstance({ lng: language, initAsync: false }),
    ]),
  );

  return {
    render(url, language, personal) {
      const instance = instances.get(language);
      if (!instance) throw new Error(`unsupported language ${language}`);
      const page = () =>
        renderToString(
          <I18nextProvider i18n={instance}>
            <StaticRouter location={url}>
              <RootLayout />
            </StaticRouter>
          </I18nextProvider>,
        );
      return personal ? withPersonalView(personal, page) : page();
    },
  };
};
