import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from './content-encoding.ts';

describe('negotiateEncoding', () => {
  it('prefers Brotli, then gzip, then the body as it is', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBeUndefined();
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });

  it('follows the client’s weights, and q=0 forbids an encoding', () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(negotiateEncoding('gzip;q=0.5, br;q=0.5')).toBe('br');
  });

  it('reads `*` as any coding the header does not name', () => {
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=1, *;q=0')).toBe('gzip');
    expect(negotiateEncoding('*;q=0')).toBeUndefined();
  });

  it('is not fooled by case, spaces, x-gzip or malformed weights', () => {
    expect(negotiateEncoding('  GZIP ; Q=1 ')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=high, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=2')).toBeUndefined();
  });
});
