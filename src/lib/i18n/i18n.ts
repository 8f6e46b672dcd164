import i18next, { type CustomTypeOptions, type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { type Language, pluralLocale, resolveLanguage, SUPPORTED_LANGUAGES } from '../../../common/languages.ts';

/** A locale namespace: one file per language in `locales/<lang>/`, declared in `i18next.d.ts`. */
export type Namespace = keyof CustomTypeOptions['resources'];

/** A locale file that did not arrive (offline, a server error): the screen that needs it cannot show its texts. */
export class LocaleLoadError extends Error {
  override name = 'LocaleLoadError';
}

/**
 * i18next remembers a file that failed as loaded, with no texts, and never asks for it again: its screen would show
 * raw keys for the rest of the visit. A missing namespace is asked for once more, and is an error if it still is.
 */
async function ensureLoaded(namespaces: readonly Namespace[]): Promise<void> {
  const missing = () => namespaces.filter((namespace) => !hasNamespace(namespace));
  if (missing().length === 0) return;
  await i18next.reloadResources([i18next.language], missing());
  const still = missing();
  if (still.length > 0) throw new LocaleLoadError(`locale files did not load: ${i18next.language}/${still.join(', ')}`);
}

/** Whether a namespace's texts are here (i18next's own `hasLoadedNamespace` also says yes after a failure). */
export function hasNamespace(namespace: Namespace): boolean {
  return i18next.hasResourceBundle(i18next.language, namespace);
}

/** Fetches one namespace of one language: the page downloads only its language's strings (scripts/vite-locales-plugin.ts). */
async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${import.meta.env.VITE_LOCALES_BASE}/${language}/${namespace}.json`);
  if (!response.ok) throw new Error(`locale ${language}/${namespace}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

type PluralResolver = { getRule(code: string, options?: object): Intl.PluralRules | undefined };
const withPluralLocales = new WeakSet<PluralResolver>();

/**
 * i18next picks plural forms by `new Intl.PluralRules(language)`; this makes it ask for `pluralLocale(language)`
 * instead (European Portuguese for `pt`). Call it after each `init`, which makes a new resolver; clones share it.
 */
export function applyPluralLocales(instance: i18n): void {
  const resolver = instance.services.pluralResolver as PluralResolver;
  if (withPluralLocales.has(resolver)) return;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(pluralLocale(code), options);
  withPluralLocales.add(resolver);
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
  applyPluralLocales(i18next);
  await ensureLoaded(namespaces);
  document.documentElement.lang = language;
  document.documentElement.dir = 'ltr';
  return i18next;
}

/** Loads a route's namespaces before its screen renders, so no screen shows raw keys; rejects if they do not come. */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  await i18next.loadNamespaces([...namespaces]);
  await ensureLoaded(namespaces);
}

export { i18next };
