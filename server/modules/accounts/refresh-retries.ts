import type { TokenResponse } from '../../../common/api-types.ts';
import { hashToken } from './sessions.ts';

/**
 * How long a refresh token may be presented again after its first use. Clients retry (Alexa and Google do on
 * timeouts) and send twice at once; a retry inside this window must not end the session. Outside it, the old
 * token is dead as before.
 */
export const REFRESH_RETRY_GRACE_MS = 5_000;

/**
 * Makes a retried first-party refresh safe: the same refresh token presented again within the grace window (or
 * while its first use is still running) gets the very answer of its first use, the same new tokens, instead of a
 * second rotation that would kill the tokens the first answer handed out. In memory: one process.
 */
export class RefreshRetries {
  private readonly recent = new Map<string, { answer: Promise<TokenResponse | undefined>; until: number }>();
  private readonly graceMs: number;
  private readonly now: () => number;

  constructor(graceMs = REFRESH_RETRY_GRACE_MS, now: () => number = () => Date.now()) {
    this.graceMs = graceMs;
    this.now = now;
  }

  refresh(refreshToken: string, rotate: () => Promise<TokenResponse | undefined>): Promise<TokenResponse | undefined> {
    const now = this.now();
    for (const [key, entry] of this.recent) if (entry.until <= now) this.recent.delete(key);
    const key = hashToken(refreshToken);
    const earlier = this.recent.get(key);
    if (earlier) return earlier.answer;
    const answer = rotate();
    this.recent.set(key, { answer, until: now + this.graceMs });
    // A failed refresh is not remembered: the next attempt asks the database again.
    answer.then(
      (tokens) => tokens || this.recent.delete(key),
      () => this.recent.delete(key),
    );
    return answer;
  }
}
