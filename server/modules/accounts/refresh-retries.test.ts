import { describe, expect, it } from 'vitest';
import { newToken } from './sessions.ts';
import { openRetryAnswer, sealRetryAnswer, sessionAnswerSchema } from './refresh-retries.ts';

const answer = { access_token: newToken(), refresh_token: newToken(), token_type: 'Bearer', expires_in: 3600 } as const;

describe('a refresh answer kept for a retry', () => {
  it('opens with the refresh token it answered, and only with it', () => {
    const refreshToken = newToken();
    const sealed = sealRetryAnswer(refreshToken, answer);
    expect(openRetryAnswer(refreshToken, sealed, sessionAnswerSchema)).toEqual(answer);
    expect(openRetryAnswer(newToken(), sealed, sessionAnswerSchema)).toBeUndefined();
  });

  it('keeps no token readable and differs each time it is sealed', () => {
    const refreshToken = newToken();
    const sealed = sealRetryAnswer(refreshToken, answer);
    for (const secret of [answer.access_token, answer.refresh_token, refreshToken])
      expect(sealed).not.toContain(secret);
    expect(sealRetryAnswer(refreshToken, answer)).not.toBe(sealed);
  });

  it('refuses an altered or cut answer', () => {
    const refreshToken = newToken();
    const bytes = Buffer.from(sealRetryAnswer(refreshToken, answer), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(openRetryAnswer(refreshToken, bytes.toString('base64url'), sessionAnswerSchema)).toBeUndefined();
    expect(
      openRetryAnswer(refreshToken, bytes.subarray(0, 20).toString('base64url'), sessionAnswerSchema),
    ).toBeUndefined();
    expect(openRetryAnswer(refreshToken, '', sessionAnswerSchema)).toBeUndefined();
  });
});
