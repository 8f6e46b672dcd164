import { HttpError } from '../../http/errors.ts';

export interface ThrottleRule {
  /** Failed attempts allowed within the window. */
  max: number;
  windowMs: number;
}

/**
 * Counts failed sign-ins per account and per client address and refuses further attempts once either has
 * too many in its window (429 with Retry-After). A successful sign-in clears its account's count. The same
 * answer comes for an unknown account as for a known one, so the throttle does not reveal which exist.
 * In memory: one process. Several server processes would share it through the database or Redis.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly perAccount: ThrottleRule;
  private readonly perAddress: ThrottleRule;
  private readonly now: () => number;

  constructor(perAccount: ThrottleRule, perAddress: ThrottleRule, now: () => number = Date.now) {
    this.perAccount = perAccount;
    this.perAddress = perAddress;
    this.now = now;
  }

  private recent(key: string, rule: ThrottleRule): number[] {
    const since = this.now() - rule.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Throws a 429 when this account or address has failed too often lately. */
  check(account: string, address: string): void {
    const checks: [string, ThrottleRule][] = [
      [`account:${account}`, this.perAccount],
      [`address:${address}`, this.perAddress],
    ];
    for (const [key, rule] of checks) {
      const recent = this.recent(key, rule);
      if (recent.length >= rule.max) {
        const retryAfter = Math.max(1, Math.ceil((recent[0]! + rule.windowMs - this.now()) / 1000));
        throw new HttpError(429, 'rate_limited', `Too many attempts. Try again in ${retryAfter} seconds.`, undefined, {
          'Retry-After': String(retryAfter),
        });
      }
    }
  }

  fail(account: string, address: string): void {
    for (const key of [`account:${account}`, `address:${address}`]) {
      this.failures.set(key, [...(this.failures.get(key) ?? []), this.now()]);
    }
  }

  succeed(account: string): void {
    this.failures.delete(`account:${account}`);
  }
}

export const DEFAULT_LOGIN_THROTTLE = {
  perAccount: { max: 5, windowMs: 15 * 60_000 },
  perAddress: { max: 20, windowMs: 15 * 60_000 },
} as const;
