import { describe, expect, it } from 'vitest';
import { PSEUDO_LETTERS, pseudoLocalize, pseudoLocalizeResource } from './pseudo-locale.ts';

describe('the pseudo-locale', () => {
  it('accents every letter and makes the text at least 40 % longer, in words that wrap', () => {
    const text = pseudoLocalize('Accept invitation');
    expect(text.startsWith('Ȧƈƈḗƥŧ īƞṽīŧȧŧīǿƞ ')).toBe(true);
    expect(text.length).toBeGreaterThanOrEqual(Math.ceil('Accept invitation'.length * 1.4));
    expect(text.split(' ').every((word) => word.length <= 10)).toBe(true);
    expect([...'Ȧƈƈḗƥŧ'].every((letter) => PSEUDO_LETTERS.has(letter))).toBe(true);
  });

  it('keeps placeholders and nesting for i18next to fill in', () => {
    expect(pseudoLocalize('Shared by {{name}}, $t(common:done)')).toMatch(
      /^Şħȧřḗḓ ƀẏ \{\{name\}\}, \$t\(common:done\) ẋ/,
    );
    expect(pseudoLocalize('{{count, number}}')).toBe('{{count, number}}');
  });

  it('keeps the keys of a locale file, plural forms included', () => {
    expect(pseudoLocalizeResource({ unread_one: 'one', nested: { unread_other: 'many' }, list: ['a'] })).toEqual({
      unread_one: 'ǿƞḗ ẋẋ',
      nested: { unread_other: 'ḿȧƞẏ ẋẋ' },
      list: ['ȧ ẋ'],
    });
  });
});
