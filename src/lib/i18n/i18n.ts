import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { type Language, resolveLanguage, SUPPORTED_LANGUAGES } from '../../../common/languages.ts';

export type Namespace = 'common' | 'health' | 'simulator' | 'expansionBay' | 'comments';

// One chunk per language and namespace: a page downloads only its language's strings for the routes it opens.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/*.json');

function loadNamespace(language: string, namespace: string) {
  const load = localeFiles[`../../../locales/${language}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`no locale file ${language}/${namespace}`));
  return load().then((module) => module.default);
}

export function languageFromLocation(search = window.location.search): Language {
  return resolveLanguage(new URLSearchParams(search).get('lang'), navigator.languages ?? [navigator.language]);
}

export async function initI18n(language: Language, namespaces: readonly Namespace[] = ['common']) {
  await i18next
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: SUPPORTED_LANGUAGES,
      // No fallback language: it would download English too. The locale check in `npm test` keeps every
      // language complete instead.
      fallbackLng: false,
      load: 'currentOnly',
      ns: namespaces,
      defaultNS: 'common',
      returnEmptyString: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  document.documentElement.lang = language;
  document.documentElement.dir = 'ltr';
  return i18next;
}

/** Loads a route's namespaces before its screen renders, so no screen flashes raw keys. */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18next.loadNamespaces([...namespaces]);
}

export { i18next };
