/** The languages the product speaks (seed section 1), in the seed's order. English is the fallback. */
export const SUPPORTED_LANGUAGES = [
  'en',
  'de',
  'fr',
  'nl',
  'it',
  'sv',
  'no',
  'fi',
  'da',
  'pt',
  'es',
  'cs',
  'sk',
  'pl',
  'et',
  'lt',
  'lv',
  'bg',
  'hu',
  'hr',
  'ro',
  'sl',
] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * The locale whose CLDR plural rules a language follows, where its bare tag would pick other rules: `pt` alone is
 * Brazilian Portuguese, where zero takes the singular ("0 minuto"); the product writes European Portuguese, where
 * it takes the plural ("0 minutos"). i18next (src/lib/i18n) and the locale check (scripts/locale-check.ts) use it.
 */
const PLURAL_LOCALES: Readonly<Partial<Record<Language, string>>> = { pt: 'pt-PT' };

export function pluralLocale(language: string): string {
  return PLURAL_LOCALES[language as Language] ?? language;
}

/** Norwegian arrives as the macro language or either written standard; we ship one Norwegian (Bokmål). */
const ALIASES: Readonly<Record<string, Language>> = { nb: 'no', nn: 'no' };

export function isLanguage(value: string): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Maps a BCP 47 tag such as `de-AT`, `NB` or `pt_BR` to a supported language, or undefined. */
export function toSupportedLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const language = ALIASES[primary] ?? primary;
  return isLanguage(language) ? language : undefined;
}

/**
 * The language tags of an HTTP `Accept-Language` header, most preferred first (RFC 9110 section 12.5.4):
 * ordered by q-weight, ties kept in header order, `q=0` ("not acceptable") and malformed entries dropped.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [rawTag, ...parameters] = part.split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/.test(tag)) return;
    let q = 1;
    for (const parameter of parameters) {
      if (!/^\s*q\s*=/i.test(parameter)) continue;
      const match = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(parameter);
      q = match ? Math.min(1, Number(match[1])) : 0;
    }
    if (q > 0 && tag !== '*') entries.push({ tag, q, index });
  });
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((entry) => entry.tag);
}

/** Contract section 2: the `lang` parameter, else the first supported preferred language, else English. */
export function resolveLanguage(requested: string | null | undefined, preferred: readonly string[] = []): Language {
  const fromQuery = toSupportedLanguage(requested);
  if (fromQuery) return fromQuery;
  for (const tag of preferred) {
    const language = toSupportedLanguage(tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}
