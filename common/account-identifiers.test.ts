import { describe, expect, it } from 'vitest';
import { parseIdentifier } from './account-identifiers.ts';

describe('parseIdentifier', () => {
  it('normalises e-mail case and spaces and keeps + aliases as typed', () => {
    expect(parseIdentifier('  Demo+Mower@Navimow.Example ')).toEqual({
      kind: 'email',
      value: 'demo+mower@navimow.example',
    });
  });

  it('normalises phone numbers to E.164', () => {
    expect(parseIdentifier('+49 (151) 1234-5678')).toEqual({ kind: 'phone', value: '+4915112345678' });
    expect(parseIdentifier('0049 151 12345678')).toEqual({ kind: 'phone', value: '+4915112345678' });
  });

  it('refuses what is neither', () => {
    for (const input of ['', 'demo', 'demo@', '12345', '+0123456789', 'a@b'])
      expect(parseIdentifier(input)).toBeUndefined();
  });
});
