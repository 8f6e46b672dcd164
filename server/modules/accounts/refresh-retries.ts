import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { TokenResponse } from '../../../common/api-types.ts';

/**
 * How long a refresh token may be presented again after its first use. Clients retry (Alexa and Google do on
 * timeouts) and send twice at once; a retry inside this window must not end the session. Outside it, the old
 * token presented again is taken for stolen and ends its session (`refreshSession`, RFC 9700 section 4.14.2).
 */
export const REFRESH_RETRY_GRACE_MS = 5_000;

/**
 * How long a refresh whose answer never arrived may be retried and get that answer again, as long as the token it
 * handed out has not been used (its use proves the answer arrived): the server or its database may fail between
 * committing a rotation and answering, and the client retries when it next needs a token, up to an access token's
 * lifetime later. A retry within this is not a replay (docs/decisions/005-oauth-server.md).
 */
export const UNANSWERED_REFRESH_RETRY_MS = 60 * 60 * 1000;

/**
 * A retried refresh gets the very answer of its first use, whichever process it reaches: the answer is kept beside
 * the session (or the OAuth refresh token, server/modules/oauth/refresh-replay.ts), sealed (AES-256-GCM) under a key
 * derived from the refresh token it answered. The database holds only that token's hash, so what it stores opens
 * for nobody but the client that sent the token; no key has to be shared between processes.
 */
const KEY_INFO = 'navimow first-party refresh retry';

function keyFor(refreshToken: string): Buffer {
  return Buffer.from(hkdfSync('sha256', refreshToken, '', KEY_INFO, 32));
}

/** The first-party refresh's answer, as `openRetryAnswer` checks it. */
export const sessionAnswerSchema: z.ZodType<TokenResponse> = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
});

export function sealRetryAnswer(refreshToken: string, answer: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The answer sealed for this refresh token; undefined if it was sealed for another, altered, or not of `schema`. */
export function openRetryAnswer<T>(refreshToken: string, sealed: string, schema: z.ZodType<T>): T | undefined {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < 29) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(refreshToken), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
