import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  const expected = {
    'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'strict-transport-security': 'max-age=31536000',
  };

  it('sends Helmet’s headers on API answers, errors included', async () => {
    for (const url of ['/api/health', '/api/mowers', '/api/nothing']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers, url).toMatchObject(expected);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).toContain("form-action 'self'");
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends them on the OAuth provider’s own answers too', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=refresh_token&refresh_token=unknown&client_id=demo-client&client_secret=demo-secret',
    });
    expect(token.statusCode).toBe(400);
    expect(token.headers).toMatchObject(expected);
    const metadata = await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
    expect(metadata.headers).toMatchObject(expected);
  });
});
