/**
 * A pseudo-locale (as excalidraw's): every letter accented and every text 40 % longer, so that a journey run once in
 * it shows text the locale files do not hold (it stays plain ASCII) and boxes too small for a long language (German,
 * Finnish and Hungarian run up to 40 % longer than English). Placeholders (`{{name}}`) and nesting (`$t(key)`) are
 * kept as they are, so i18next still fills them in.
 */
const PLAIN = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const PSEUDO = [...'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ'];
const ACCENTED = new Map(PLAIN.map((letter, index) => [letter, PSEUDO[index] ?? letter]));

/** The letters the pseudo-locale uses: a text node with Latin letters and none of these did not come from it. */
export const PSEUDO_LETTERS = new Set(PSEUDO);

const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\))/;

export function pseudoLocalize(text: string): string {
  const accented = text
    .split(KEPT)
    .map((part, index) => (index % 2 === 1 ? part : [...part].map((char) => ACCENTED.get(char) ?? char).join('')))
    .join('');
  const letters = text.replace(new RegExp(KEPT, 'g'), '').replace(/\s/g, '').length;
  // The padding is words, as a long language's extra length is: it wraps where a real translation would.
  const padding = Math.ceil(letters * 0.4);
  const words = Array.from({ length: Math.ceil(padding / 6) }, (_, index) =>
    'ẋẋẋẋẋẋ'.slice(0, Math.min(6, padding - index * 6)),
  );
  return words.length === 0 ? accented : `${accented} ${words.join(' ')}`;
}

/** A locale file with every string pseudo-localized; keys (plural suffixes included) stay as they are. */
export function pseudoLocalizeResource(value: unknown): unknown {
  if (typeof value === 'string') return pseudoLocalize(value);
  if (Array.isArray(value)) return value.map(pseudoLocalizeResource);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pseudoLocalizeResource(item)]));
  }
  return value;
}
