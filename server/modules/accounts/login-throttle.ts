import { HttpError } from '../../http/errors.ts';

/**
 * The sign-in limits (docs/decisions/010-sign-in-throttle.md), after OWASP's authentication and credential
 * stuffing guidance: a wall only for one account from one address, progressive delays for an account under
 * attack, and a wide limit per address for phones that share one behind a carrier's NAT.
 */
export const SIGN_IN_LIMITS = {
  /** Failures of one account from one address before that pair waits out the window. */
  pair: { max: 5, windowMs: 15 * 60_000 },
  /** Failures from one address, any accounts: thousands of phones may share a carrier's address. */
  address: { max: 100, windowMs: 15 * 60_000 },
  /**
   * Failures of one account from any address: after `free` of them, each further attempt from an address that
   * has been failing waits `baseDelayMs` doubled per failure, up to `maxDelayMs`. An address without failures
   * is not held back, so the owner at home still gets in while the account is under attack.
   */
  account: { free: 5, baseDelayMs: 1_000, maxDelayMs: 60_000, windowMs: 60 * 60_000 },
} as const;

export type SignInLimits = typeof SIGN_IN_LIMITS;

/** One sign-in attempt, counted as a failure from the moment it is let through until it proves otherwise. */
export interface SignInAttempt {
  /** The password was right: the provisional failure is taken back and this pair starts afresh. */
  succeeded(): void;
}

const tooMany = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, 'rate_limited', `Too many attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`, undefined, {
    'Retry-After': String(seconds),
  });
};

/**
 * Counts sign-in failures per account-and-address pair, per address and per account, in memory (one process).
 * An attempt is counted before its password is checked and in the same synchronous step as the limit check, so
 * parallel attempts cannot all pass a check that none of them has been counted in yet (the race of checking,
 * awaiting argon2 and only then counting). Unknown accounts are counted exactly like known ones.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly limits: SignInLimits;
  private readonly now: () => number;

  constructor(limits: SignInLimits = SIGN_IN_LIMITS, now: () => number = () => Date.now()) {
    this.limits = limits;
    this.now = now;
  }

  private recent(key: string, windowMs: number): number[] {
    const since = this.now() - windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Throws a 429 with Retry-After when this attempt must wait; else counts it and lets it through. */
  begin(account: string, address: string): SignInAttempt {
    const { pair: pairLimit, address: addressLimit, account: accountLimit } = this.limits;
    const now = this.now();
    const keys = { pair: `pair:${account}\n${address}`, address: `address:${address}`, account: `account:${account}` };

    const pair = this.recent(keys.pair, pairLimit.windowMs);
    if (pair.length >= pairLimit.max) throw tooMany(pair[0]! + pairLimit.windowMs - now);
    const fromAddress = this.recent(keys.address, addressLimit.windowMs);
    if (fromAddress.length >= addressLimit.max) throw tooMany(fromAddress[0]! + addressLimit.windowMs - now);
    const ofAccount = this.recent(keys.account, accountLimit.windowMs);
    const beyondFree = ofAccount.length - accountLimit.free;
    if (beyondFree >= 0 && fromAddress.length > 0) {
      const delay = Math.min(accountLimit.baseDelayMs * 2 ** beyondFree, accountLimit.maxDelayMs);
      const waitMs = ofAccount.at(-1)! + delay - now;
      if (waitMs > 0) throw tooMany(waitMs);
    }

    for (const key of Object.values(keys)) this.failures.set(key, [...(this.failures.get(key) ?? []), now]);
    return {
      succeeded: () => {
        this.failures.delete(keys.pair);
        for (const key of [keys.address, keys.account]) {
          const times = this.failures.get(key) ?? [];
          const index = times.lastIndexOf(now);
          if (index >= 0) times.splice(index, 1);
          if (!times.length) this.failures.delete(key);
        }
      },
    };
  }
}
