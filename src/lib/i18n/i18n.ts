import i18next, { type CustomTypeOptions } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { type Language, resolveLanguage, SUPPORTED_LANGUAGES } from '../../../common/languages.ts';

/** A locale namespace: one file per language in `locales/<lang>/`, declared in `i18next.d.ts`. */
export type Namespace = keyof CustomTypeOptions['resources'];

/** Fetches one namespace of one language: the page downloads only its language's strings (scripts/vite-locales-plugin.ts). */
async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${import.meta.env.VITE_LOCALES_BASE}/${language}/${namespace}.json`);
  if (!response.ok) throw new Error(`locale ${language}/${namespace}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
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
