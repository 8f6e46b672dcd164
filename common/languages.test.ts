import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage, resolveLanguage, SUPPORTED_LANGUAGES, toSupportedLanguage } from './languages.ts';

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

describe('parseAcceptLanguage', () => {
  it('orders tags by q-weight, keeping header order for ties', () => {
    expect(parseAcceptLanguage('en;q=0.3, de-DE;q=0.9, fr, sv;q=0.9')).toEqual(['fr', 'de-DE', 'sv', 'en']);
  });

  it('drops q=0, the wildcard and malformed entries', () => {
    expect(parseAcceptLanguage('*, ja;q=0, <script>, pl;q=0.5, fi;q=abc')).toEqual(['pl']);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('lets a low-weighted supported language lose to a higher-weighted one', () => {
    expect(resolveLanguage(null, parseAcceptLanguage('de;q=0.1, ja, nl;q=0.8'))).toBe('nl');
  });
});
