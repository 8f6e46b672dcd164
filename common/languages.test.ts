import { describe, expect, it } from 'vitest';
import { resolveLanguage, SUPPORTED_LANGUAGES, toSupportedLanguage } from './languages.ts';

describe('resolveLanguage', () => {
  it('offers the 22 languages of the seed', () => {
    expect(SUPPORTED_LANGUAGES).toHaveLength(22);
  });

  it('takes the lang parameter first, case-insensitively and without its region', () => {
    expect(resolveLanguage('de-AT', ['fr'])).toBe('de');
    expect(resolveLanguage('FR', [])).toBe('fr');
    expect(resolveLanguage('pt_BR', [])).toBe('pt');
  });

  it('maps both Norwegian standards to no', () => {
    expect(toSupportedLanguage('nb')).toBe('no');
    expect(toSupportedLanguage('nn-NO')).toBe('no');
  });

  it('falls back to the first supported browser language, then English', () => {
    expect(resolveLanguage('xx', ['ja-JP', 'sv-SE', 'de'])).toBe('sv');
    expect(resolveLanguage(null, ['ja', 'zh'])).toBe('en');
    expect(resolveLanguage(undefined)).toBe('en');
  });
});
