import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pluralLocale, SUPPORTED_LANGUAGES } from '../common/languages.ts';
import { GLOSSARY, type GlossaryEntry, type LanguageGlossary } from './glossary.ts';

/**
 * Checks the locale files: every language has every namespace and key of English, no string is empty, the
 * interpolation placeholders match English, plural keys cover every CLDR category of the language, no text is
 * an untranslated English copy, and every text keeps to its language's glossary (scripts/glossary.ts).
 * `checkLocaleTexts` is a pure function over parsed data so that its tests can feed it broken locales;
 * `checkLocales` reads the folder. Used by the test suite; `node scripts/check-locales.ts` prints the same report.
 */

/** Parsed locale files: language, then namespace, then the file's JSON. */
export type LocaleTexts = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)[^}]*\}\}/g;

/** Strings that are the same in every language: brand and product names. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Navimow',
  'Alexa',
  'Google Home',
  'Google Assistant',
  'Amazon Alexa',
  'Hornbach',
  'Android',
  'iOS',
  'OK',
  'Bluetooth',
]);

/** A number or a placeholder, then the percent sign: the spacing between them is the glossary's `percent` rule. */
const PERCENT = /(?:\d|\}\})(\s*)%/gu;

const SPACE_NAMES: Readonly<Record<string, string>> = {
  '': 'no space',
  ' ': 'a space',
  '\u00a0': 'a no-break space',
  '\u202f': 'a narrow no-break space',
};

function flatten(
  tree: Readonly<Record<string, unknown>>,
  problems: string[],
  where: string,
  prefix = '',
): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, text] of flatten(value as Record<string, unknown>, problems, where, path))
        result.set(inner, text);
    } else problems.push(`${where}: ${path} is not a text`);
  }
  return result;
}

/** Where a long compound may break in a narrow box (a label): invisible, and not part of the word. */
const SOFT_HYPHEN = '\u00ad';

/**
 * Whether a text may rightly read as in English in a language: a brand or product name, a text the language's
 * glossary lists as `sameAsEnglish`, or no words at all (three letters or fewer, a number, a
 * placeholder). The screen gallery (scripts/gallery/detect.ts) flags what is English on a screen by this rule too.
 */
export function rightlySameAsEnglish(
  language: string,
  text: string,
  glossary: Readonly<Partial<Record<string, LanguageGlossary>>> = GLOSSARY,
): boolean {
  const terms = glossary[language];
  if (SAME_IN_EVERY_LANGUAGE.has(text) || terms?.sameAsEnglish?.includes(text)) return true;
  return text.length <= 3 || !/[a-z]{3}/.test(text.replace(PLACEHOLDER, ''));
}

function placeholders(text: string): string {
  return [...text.matchAll(PLACEHOLDER)]
    .map((match) => match[1]!)
    .sort()
    .join();
}

/** A forbidden variant given as text matches where a word begins with it, so that it also catches inflected forms. */
function toPattern(variant: string | RegExp): RegExp {
  if (typeof variant !== 'string') return variant;
  return new RegExp(`(?<![\\p{L}\\p{N}])${variant.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu');
}

type CompiledRule = { readonly name: string; readonly use: string; readonly pattern: RegExp };

function glossaryEntries(glossary: LanguageGlossary): [string, GlossaryEntry][] {
  const {
    percent: _percent,
    sameAsEnglish: _sameAsEnglish,
    seedTexts: _seedTexts,
    plurals: _plurals,
    other,
    ...terms
  } = glossary;
  return Object.entries({ ...terms, ...other });
}

function compileGlossary(glossary: LanguageGlossary): CompiledRule[] {
  return glossaryEntries(glossary).flatMap(([name, entry]) =>
    (entry.avoid ?? []).map((variant) => ({ name, use: entry.use, pattern: toPattern(variant) })),
  );
}

/** The texts that must read exactly an entry's `use` (its `spelledAt`), by `namespace:key`. */
function requiredTexts(glossary: LanguageGlossary): Map<string, { name: string; use: string }> {
  return new Map(
    glossaryEntries(glossary).flatMap(([name, entry]) =>
      (entry.spelledAt ?? []).map((at) => [at, { name, use: entry.use }] as const),
    ),
  );
}

function glossaryProblems(text: string, rules: readonly CompiledRule[], space: string | undefined): string[] {
  const problems: string[] = [];
  const visible = text.replace(PLACEHOLDER, '{{}}');
  for (const rule of rules) {
    const found = rule.pattern.exec(visible);
    if (found) problems.push(`uses “${found[0]}”; the glossary's ${rule.name} is “${rule.use}”`);
  }
  if (space !== undefined) {
    for (const [, between] of visible.matchAll(PERCENT)) {
      if (between !== space) {
        problems.push(
          `writes ${SPACE_NAMES[between!] ?? 'other space'} before “%”; the glossary asks for ${SPACE_NAMES[space]}`,
        );
        break;
      }
    }
  }
  return problems;
}

export function checkLocaleTexts(
  texts: LocaleTexts,
  {
    languages = SUPPORTED_LANGUAGES,
    glossary = GLOSSARY,
  }: { languages?: readonly string[]; glossary?: Readonly<Partial<Record<string, LanguageGlossary>>> } = {},
): string[] {
  const problems: string[] = [];
  for (const language of languages) {
    if (!texts[language]) problems.push(`${language}: no locale folder`);
  }
  for (const language of Object.keys(texts)) {
    if (!languages.includes(language)) problems.push(`${language}: not a supported language`);
  }
  const englishFiles = texts.en ?? {};

  for (const [namespace, englishTree] of Object.entries(englishFiles)) {
    const english = flatten(englishTree as Record<string, unknown>, problems, `en/${namespace}`);
    const pluralBases = new Set(
      [...english.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')),
    );
    for (const language of languages) {
      const files = texts[language];
      if (!files) continue;
      const where = `${language}/${namespace}`;
      const tree = files[namespace];
      if (tree === undefined) {
        problems.push(`${where}: no such file`);
        continue;
      }
      if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) {
        problems.push(`${where}: not a JSON object`);
        continue;
      }
      const strings = language === 'en' ? english : flatten(tree as Record<string, unknown>, problems, where);
      const categories = new Intl.PluralRules(pluralLocale(language)).resolvedOptions().pluralCategories;
      const terms = glossary[language];
      const rules = terms ? compileGlossary(terms) : [];
      const required = terms ? requiredTexts(terms) : new Map<string, { name: string; use: string }>();

      for (const [key, text] of english) {
        if (PLURAL_SUFFIX.test(key)) continue;
        const translated = strings.get(key);
        if (translated === undefined) problems.push(`${where}: missing ${key}`);
        else if (!translated.trim()) problems.push(`${where}: empty ${key}`);
        else {
          if (placeholders(translated) !== placeholders(text))
            problems.push(`${where}: placeholders of ${key} differ from English`);
          if (language !== 'en' && translated === text && !rightlySameAsEnglish(language, text, glossary)) {
            problems.push(`${where}: ${key} is the English text`);
          }
        }
      }
      for (const base of pluralBases) {
        const englishOther = english.get(`${base}_other`) ?? '';
        for (const category of categories) {
          const translated = strings.get(`${base}_${category}`);
          if (!translated?.trim()) problems.push(`${where}: missing plural ${base}_${category}`);
          // "one" may spell out its number ("a second") instead of interpolating it.
          else if (category !== 'one' && placeholders(translated) !== placeholders(englishOther)) {
            problems.push(`${where}: placeholders of ${base}_${category} differ from English`);
          }
        }
      }
      for (const [key, written] of strings) {
        // Soft hyphens mark where a long compound may break (a narrow label); the word is the same without them.
        const text = written.replaceAll(SOFT_HYPHEN, '');
        const spelled = required.get(`${namespace}:${key}`);
        if (spelled && text !== spelled.use)
          problems.push(`${where}: ${key} is “${text}”; the glossary's ${spelled.name} is “${spelled.use}”`);
        const base = key.replace(PLURAL_SUFFIX, '');
        if (!english.has(key) && !pluralBases.has(base)) problems.push(`${where}: unknown key ${key}`);
        const category = PLURAL_SUFFIX.exec(key)?.[1] as keyof NonNullable<LanguageGlossary['plurals']> | undefined;
        const pluralRule = category && terms?.plurals?.[category];
        for (const variant of pluralRule ? (pluralRule.avoid ?? []) : []) {
          const found = toPattern(variant).exec(text);
          if (found)
            problems.push(
              `${where}: ${key} uses “${found[0]}”; the glossary's ${category} plural is “${pluralRule!.use}”`,
            );
        }
        if (terms?.seedTexts?.includes(text)) continue;
        for (const problem of glossaryProblems(text, rules, terms?.percent.space))
          problems.push(`${where}: ${key} ${problem}`);
      }
    }
  }
  for (const language of languages) {
    for (const namespace of Object.keys(texts[language] ?? {})) {
      if (!(namespace in englishFiles)) problems.push(`${language}/${namespace}: no such namespace in English`);
    }
  }
  return problems;
}

/** Reads `<root>/<language>/<namespace>.json`; files that cannot be parsed are reported, not thrown. */
export function readLocaleFolder(root: string): { texts: LocaleTexts; problems: string[] } {
  const texts: Record<string, Record<string, unknown>> = {};
  const problems: string[] = [];
  for (const language of readdirSync(root).sort()) {
    if (!statSync(join(root, language)).isDirectory()) {
      problems.push(`${language}: not a language folder`);
      continue;
    }
    const files: Record<string, unknown> = {};
    for (const file of readdirSync(join(root, language))
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      try {
        files[file.slice(0, -5)] = JSON.parse(readFileSync(join(root, language, file), 'utf8'));
      } catch (error) {
        problems.push(`${language}/${file}: ${(error as Error).message}`);
      }
    }
    texts[language] = files;
  }
  return { texts, problems };
}

export function checkLocales(root: string): string[] {
  const { texts, problems } = readLocaleFolder(root);
  return [...problems, ...checkLocaleTexts(texts)];
}
