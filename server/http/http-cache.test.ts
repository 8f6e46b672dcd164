import { describe, expect, it } from 'vitest';
import { cacheControl, entityTag, isNotModified } from './http-cache.ts';

describe('HTTP caching', () => {
  it('caches hashed chunks and versioned locale files for good, and nothing else', () => {
    expect(cacheControl('/assets/index-BW6mG3O_.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('/assets/locales-1e43a7a1ed6b/de/common.json')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('/robots.txt')).toBe('no-cache');
    expect(cacheControl('/assets/locales-latest/de/common.json')).toBe('no-cache');
  });

  it('tags different bytes differently, the same bytes alike', () => {
    expect(entityTag(Buffer.from('a'))).toBe(entityTag(Buffer.from('a')));
    expect(entityTag(Buffer.from('a'))).not.toBe(entityTag(Buffer.from('b')));
    expect(entityTag(Buffer.from('a'))).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 when If-None-Match names the tag, weakly or among others', () => {
    const tag = entityTag(Buffer.from('a'));
    expect(isNotModified(tag, tag)).toBe(true);
    expect(isNotModified(`"other", W/${tag}`, tag)).toBe(true);
    expect(isNotModified('*', tag)).toBe(true);
    expect(isNotModified('"other"', tag)).toBe(false);
    expect(isNotModified(undefined, tag)).toBe(false);
  });
});
