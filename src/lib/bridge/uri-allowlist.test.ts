import { describe, expect, it } from 'vitest';
import { isAllowedUri } from './uri-allowlist.ts';

describe('isAllowedUri', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'intent://scan/#Intent;scheme=zxing;end',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'content://com.android.contacts/contacts',
    'http://alexa.amazon.com/spa/',
    'https://evil.example/',
    'https://alexa.amazon.com.evil.example/',
    'https://alexa.amazon.com@evil.example/',
    'https://user:pass@alexa.amazon.com/',
    'https://alexa.amazon.com:8443/',
    'https://alexa.amazon.com/\nx',
    'not a uri',
  ])('refuses %s for every purpose', (uri) => {
    for (const purpose of ['external', 'googleHome', 'scheme'] as const) expect(isAllowedUri(uri, purpose)).toBe(false);
  });

  it('lets the app open its own scheme and Amazon’s and Google’s linking pages as app links', () => {
    expect(isAllowedUri('navimow://device/NVM-DEMO-0001', 'scheme')).toBe(true);
    expect(
      isAllowedUri('https://alexa.amazon.com/spa/skill-account-linking-consent?fragment=x&state=abc', 'scheme'),
    ).toBe(true);
    expect(isAllowedUri('https://www.amazon.com/ap/oa?client_id=x', 'scheme')).toBe(true);
    expect(isAllowedUri('https://navimow.segway.com/privacy-policy', 'scheme')).toBe(false);
  });

  it('opens our pages and the partners’ in the browser, never the app’s own scheme', () => {
    expect(isAllowedUri('https://navimow.segway.com/privacy-policy', 'external')).toBe(true);
    expect(isAllowedUri('HTTPS://NAVIMOW.SEGWAY.COM/x', 'external')).toBe(true);
    expect(isAllowedUri('https://www.hornbach.de/', 'external')).toBe(true);
    expect(isAllowedUri('navimow://x', 'external')).toBe(false);
  });

  it('sends only the Google Home app’s links to Google Home, not the retired ones of the Google app or Assistant', () => {
    expect(isAllowedUri('https://home.google.com/home-app/?deeplink=setup', 'googleHome')).toBe(true);
    expect(isAllowedUri('https://madeby.google.com/home-app/?deeplink=setup', 'googleHome')).toBe(false);
    expect(isAllowedUri('https://assistant.google.com/', 'googleHome')).toBe(false);
    expect(isAllowedUri('https://support.google.com/googlenest', 'googleHome')).toBe(false);
    expect(isAllowedUri('https://support.google.com/googlenest', 'external')).toBe(true);
    expect(isAllowedUri('https://alexa.amazon.com/', 'googleHome')).toBe(false);
  });
});
