import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_LANGUAGES } from '../common/languages.ts';

/**
 * Checks the locale files: every language has every namespace and key of English, no string is empty, the
 * interpolation placeholders match English, and plural keys cover every CLDR category of the language.
 * Used by the test suite; `node scripts/check-locales.ts` prints the same report.
 */

type Tree = { [key: string]: string | Tree };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Strings that are the same in every language: brand and product names. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Navimow', 'Alexa', 'Google Home', 'Google Assistant', 'Amazon Alexa', 'Hornbach', 'Android', 'iOS', 'OK', 'Bluetooth']);

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [inner, text] of flatten(value, path)) result.set(inner, text);
  }
  return result;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]!).sort();
}

export function checkLocales(root: string): string[] {
  const problems: string[] = [];
  const read = (language: string, namespace: string) =>
    flatten(JSON.parse(readFileSync(join(root, language, `${namespace}.json`), 'utf8')) as Tree);

  const namespaces = readdirSync(join(root, 'en')).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -5));
  const present = readdirSync(root).sort();
  for (const language of SUPPORTED_LANGUAGES) {
    if (!present.includes(language)) problems.push(`${language}: no locale folder`);
  }
  for (const folder of present) {
    if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(folder)) problems.push(`${folder}: not a supported language`);
  }

  for (const namespace of namespaces) {
    const english = read('en', namespace);
    const pluralBases = new Set([...english.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')));
    for (const language of SUPPORTED_LANGUAGES) {
      if (!present.includes(language)) continue;
      let strings: Map<string, string>;
      try {
        strings = read(language, namespace);
      } catch (error) {
        problems.push(`${language}/${namespace}: ${(error as Error).message}`);
        continue;
      }
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, text] of english) {
        if (PLURAL_SUFFIX.test(key)) continue;
        const translated = strings.get(key);
        if (translated === undefined) problems.push(`${language}/${namespace}: missing ${key}`);
        else if (!translated.trim()) problems.push(`${language}/${namespace}: empty ${key}`);
        else {
          if (placeholders(translated).join() !== placeholders(text).join()) {
            problems.push(`${language}/${namespace}: placeholders of ${key} differ from English`);
          }
          if (language !== 'en' && translated === text && text.length > 3 && !SAME_IN_EVERY_LANGUAGE.has(text) && /[a-z]{3}/.test(text.replace(/\{\{[^}]*\}\}/g, ''))) {
            problems.push(`${language}/${namespace}: ${key} is the English text`);
          }
        }
      }
      for (const base of pluralBases) {
        const englishOther = english.get(`${base}_other`) ?? '';
        for (const category of categories) {
          const translated = strings.get(`${base}_${category}`);
          if (!translated?.trim()) problems.push(`${language}/${namespace}: missing plural ${base}_${category}`);
          else if (placeholders(translated).join() !== placeholders(englishOther).join() && category !== 'one') {
            problems.push(`${language}/${namespace}: placeholders of ${base}_${category} differ from English`);
          }
        }
      }
      for (const key of strings.keys()) {
        const base = key.replace(PLURAL_SUFFIX, '');
        if (!english.has(key) && !pluralBases.has(base)) problems.push(`${language}/${namespace}: unknown key ${key}`);
      }
    }
  }
  return problems;
}
