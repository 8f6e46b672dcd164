import { describe, expect, it } from 'vitest';
import { galleryOptions, lookSuffix, textKeys, USAGE } from './options.ts';

describe('the gallery’s command line', () => {
  it('answers --help and -h with the usage, not a stack trace', () => {
    expect(galleryOptions(['--help'])).toBe('help');
    expect(galleryOptions(['-h'])).toBe('help');
    expect(USAGE).toMatch(/--text <percent/);
  });

  it('names a mistyped option and shows the usage', () => {
    const answer = galleryOptions(['--langs', 'de']);
    expect(answer).toBeInstanceOf(Error);
    expect((answer as Error).message).toMatch(/--langs/);
    expect((answer as Error).message).toContain(USAGE);
    expect((galleryOptions(['--text', '2000']) as Error).message).toMatch(/^--text/);
    expect((galleryOptions(['--scheme', 'sepia']) as Error).message).toMatch(/^--scheme/);
  });

  it('pictures large text and dark as well by default, and names those pictures apart', () => {
    const options = galleryOptions([]);
    expect(options).toMatchObject({
      looks: [
        { text: 100, scheme: 'light' },
        { text: 200, scheme: 'light' },
        { text: 100, scheme: 'dark' },
        { text: 200, scheme: 'dark' },
      ],
    });
    expect(galleryOptions(['--text', '200', '--scheme', 'dark', '--lang', 'de,fi'])).toMatchObject({
      looks: [{ text: 200, scheme: 'dark' }],
      languages: ['de', 'fi'],
    });
    expect(lookSuffix({ text: 100, scheme: 'light' })).toBe('');
    expect(lookSuffix({ text: 200, scheme: 'dark' })).toBe('--text-200--dark');
  });
});

describe('the string keys of a screen', () => {
  it('finds the key of each visible text in the screen’s locale files, and leaves filled-in texts out', () => {
    const keys = textKeys(['Reject', 'Sharing invitation', 'Alex Gardner invites you'], {
      sharing: { title: 'Sharing invitation', reject: 'Reject', confirmReject: { confirm: 'Reject' } },
      common: { actions: { close: 'Close' } },
    });
    expect(keys).toEqual({
      Reject: ['sharing:reject', 'sharing:confirmReject.confirm'],
      'Sharing invitation': ['sharing:title'],
    });
  });
});
