/** The languages the product speaks (seed section 1), in the seed's order. English is the fallback. */
export const SUPPORTED_LANGUAGES = [
  'en', 'de', 'fr', 'nl', 'it', 'sv', 'no', 'fi', 'da', 'pt', 'es',
  'cs', 'sk', 'pl', 'et', 'lt', 'lv', 'bg', 'hu', 'hr', 'ro', 'sl',
] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';

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

/** Contract section 2: the `lang` parameter, else the first supported preferred language, else English. */
export function resolveLanguage(
  requested: string | null | undefined,
  preferred: readonly string[] = [],
): Language {
  const fromQuery = toSupportedLanguage(requested);
  if (fromQuery) return fromQuery;
  for (const tag of preferred) {
    const language = toSupportedLanguage(tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}
