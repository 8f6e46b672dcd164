import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  abortLinking,
  confirmLinking,
  getInteractionDetails,
  InteractionError,
  isInteractionUid,
  submitLogin,
} from './interaction.ts';

const UID = 'abcdefghijklmnop_12345';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('interaction API', () => {
  it('accepts only interaction ids of the server’s shape', () => {
    expect(isInteractionUid(UID)).toBe(true);
    expect(isInteractionUid('../../api/x')).toBe(false);
    expect(isInteractionUid(null)).toBe(false);
  });

  it('talks to the interaction endpoints with the interaction cookie, and JSON', async () => {
    answer(200, { redirect_to: `/oauth/authorize/${UID}` });
    await submitLogin(UID, 'demo@navimow.example', 'secret');
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe(`/oauth/interaction/${UID}/login`);
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"account":"demo@navimow.example","password":"secret"}',
    });

    const details = { client: { id: 'alexa', name: 'Amazon Alexa', kind: 'alexa' }, scopes: [], channel: null };
    answer(200, details);
    await expect(getInteractionDetails(UID)).resolves.toEqual(details);
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe(`/oauth/interaction/${UID}/details`);
  });

  it('follows only the authorization server’s own resume URL', async () => {
    answer(200, { redirect_to: `${window.location.origin}/oauth/authorize/${UID}` });
    await expect(submitLogin(UID, 'a@b.example', 'pw')).resolves.toEqual({
      redirectTo: `${window.location.origin}/oauth/authorize/${UID}`,
    });
    for (const target of [
      'https://evil.example/oauth/x',
      '//evil.example/oauth/x',
      '/smartHome/login',
      'javascript:alert(1)',
    ]) {
      answer(200, { redirect_to: target });
      await expect(abortLinking(UID)).rejects.toBeInstanceOf(InteractionError);
      answer(200, { redirect_to: target });
      await expect(confirmLinking(UID)).rejects.toBeInstanceOf(InteractionError);
    }
  });

  it('answers the host to confirm after the sign-in, and confirms at the interaction’s own endpoint', async () => {
    answer(200, { confirm_host: 'loxberry.local' });
    await expect(submitLogin(UID, 'a@b.example', 'pw')).resolves.toEqual({ confirmHost: 'loxberry.local' });
    answer(200, { redirect_to: `/oauth/authorize/${UID}` });
    await confirmLinking(UID);
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe(`/oauth/interaction/${UID}/confirm`);
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
  });

  it('tells wrong credentials, throttling with its wait, and an expired sign-in apart', async () => {
    answer(401, { error: { code: 'invalid_credentials', message: 'x' } });
    await expect(submitLogin(UID, 'a', 'b')).rejects.toMatchObject({ failure: { kind: 'wrong-credentials' } });
    answer(429, { error: { code: 'rate_limited', message: 'x' } }, { 'Retry-After': '42' });
    await expect(submitLogin(UID, 'a', 'b')).rejects.toMatchObject({
      failure: { kind: 'throttled', retryAfterSeconds: 42 },
    });
    answer(400, { error: { code: 'interaction_expired', message: 'x' } });
    await expect(submitLogin(UID, 'a', 'b')).rejects.toMatchObject({ failure: { kind: 'expired' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(submitLogin(UID, 'a', 'b')).rejects.toMatchObject({ failure: { kind: 'network' } });
  });

  it('counts what the user can act on as expected, and a server failure as a defect to report', async () => {
    answer(401, { error: { code: 'invalid_credentials', message: 'x' } });
    await expect(submitLogin(UID, 'a', 'b')).rejects.toMatchObject({ expected: true });
    answer(500, { error: { code: 'internal_error', message: 'x' } });
    await expect(submitLogin(UID, 'a', 'b')).rejects.toMatchObject({ failure: { kind: 'unknown' }, expected: false });
    answer(200, { redirect_to: 'https://evil.example/oauth/x' });
    await expect(abortLinking(UID)).rejects.toMatchObject({ failure: { kind: 'unknown' }, expected: false });
  });
});
