import { describe, expect, it } from 'vitest';
import { environmentForHost } from './environment.ts';
import { scrub, scrubText } from './scrub.ts';

describe('scrub', () => {
  it('removes e-mails, phone numbers, serial numbers, tokens and codes from text', () => {
    const text = scrubText(
      'user demo+x@navimow.example on +49 151 12345678 mower NVM-DEMO-0001 Bearer abc.def-123 /cb?code=xyz&state=s1 eyJhbGciOi.eyJzdWIi.sig',
    );
    for (const secret of [
      'demo+x@navimow.example',
      '12345678',
      'NVM-DEMO-0001',
      'abc.def-123',
      'xyz',
      's1',
      'eyJhbGciOi',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('redacts sensitive keys at any depth and keeps the rest', () => {
    expect(
      scrub({
        user: { email: 'a@b.example' },
        request: { headers: { Authorization: 'Bearer t' } },
        tags: { platform: 'ios' },
      }),
    ).toEqual({
      user: { email: '[redacted]' },
      request: { headers: { Authorization: '[redacted]' } },
      tags: { platform: 'ios' },
    });
  });
});

describe('environmentForHost', () => {
  it.each([
    ['localhost', 'local'],
    ['127.0.0.1', 'local'],
    ['mower.local', 'local'],
    ['webview-dev.navimow.com', 'dev'],
    ['test.navimow.com', 'dev'],
    ['webview-bj.navimow.com', 'bj'],
    ['webview-fra.navimow.com', 'fra'],
    ['navimow.com', 'fra'],
  ])('%s is %s', (host, environment) => {
    expect(environmentForHost(host)).toBe(environment);
  });
});
