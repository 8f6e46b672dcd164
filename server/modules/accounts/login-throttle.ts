import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type Db, supportsRowLocks } from '../../db/database.ts';
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
} as const satisfies SignInLimits;

export interface SignInLimits {
  pair: { max: number; windowMs: number };
  address: { max: number; windowMs: number };
  account: { free: number; baseDelayMs: number; maxDelayMs: number; windowMs: number };
}

/** One sign-in attempt, counted as a failure from the moment it is let through until it proves otherwise. */
export interface SignInAttempt {
  /** The password was right: the provisional failure is taken back and this pair starts afresh. */
  succeeded(): Promise<void>;
}

const tooMany = (retryAfterMs: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(
    429,
    'rate_limited',
    `Too many attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    undefined,
    {
      'Retry-After': String(seconds),
    },
  );
};

type KeyName = 'pair' | 'address' | 'account';
type Keys = Record<KeyName, string>;
type Recent = Record<KeyName, number[]>;

/**
 * Where the failures are kept. `attempt` reads the recent failures of the three keys, lets `check` refuse (by
 * throwing) and otherwise records one failure under each key, all in one step that no other attempt on these keys
 * can interleave with; it returns what `forget` needs to take that attempt back.
 */
export interface FailureLog {
  attempt(keys: Keys, since: Record<KeyName, number>, now: number, check: (recent: Recent) => void): Promise<unknown>;
  /** The attempt succeeded: the pair starts afresh, and this attempt no longer counts for address and account. */
  forget(keys: Keys, recorded: unknown): Promise<void>;
}

/** How often the memory log looks through every key for those no window can see any more. */
const MEMORY_SWEEP_INTERVAL_MS = 60_000;

/**
 * In memory: one server process (the embedded SQLite default). Synchronous, so no two attempts interleave. A key is
 * trimmed when it is tried again; keys never tried again (each new address, each name guessed) are dropped by a sweep
 * at most once a minute, so a key lives at most the longest window and a minute past its last failure.
 */
export class MemoryFailureLog implements FailureLog {
  private readonly failures = new Map<string, number[]>();
  private sweptAt = Number.NEGATIVE_INFINITY;

  /** How many keys (pairs, addresses, accounts) have failures kept. */
  get size(): number {
    return this.failures.size;
  }

  private sweep(oldest: number, now: number) {
    if (now - this.sweptAt < MEMORY_SWEEP_INTERVAL_MS) return;
    this.sweptAt = now;
    // Each key's times are in the order they happened: its last one is its newest.
    for (const [key, times] of this.failures) if (times.at(-1)! <= oldest) this.failures.delete(key);
  }

  private recent(key: string, since: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  attempt(keys: Keys, since: Record<KeyName, number>, now: number, check: (recent: Recent) => void): Promise<unknown> {
    this.sweep(Math.min(...Object.values(since)), now);
    try {
      check({
        pair: this.recent(keys.pair, since.pair),
        address: this.recent(keys.address, since.address),
        account: this.recent(keys.account, since.account),
      });
    } catch (error) {
      return Promise.reject(error as Error);
    }
    for (const key of Object.values(keys)) this.failures.set(key, [...(this.failures.get(key) ?? []), now]);
    return Promise.resolve(now);
  }

  forget(keys: Keys, recorded: unknown): Promise<void> {
    this.failures.delete(keys.pair);
    for (const key of [keys.address, keys.account]) {
      const times = this.failures.get(key) ?? [];
      const index = times.lastIndexOf(recorded as number);
      if (index >= 0) times.splice(index, 1);
      if (!times.length) this.failures.delete(key);
    }
    return Promise.resolve();
  }
}

/**
 * In the database, for several server processes on one PostgreSQL: each attempt is a transaction that first takes
 * a transaction-scoped advisory lock per key (in a fixed order, so two attempts never wait on each other in a
 * circle), so the check and the count are one step across processes, as they are in memory within one.
 */
export class DatabaseFailureLog implements FailureLog {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  attempt(keys: Keys, since: Record<KeyName, number>, now: number, check: (recent: Recent) => void): Promise<unknown> {
    const names = Object.keys(keys) as KeyName[];
    return this.db.transaction().execute(async (trx) => {
      if (supportsRowLocks(trx)) {
        for (const key of Object.values(keys).sort())
          await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      }
      const rows = await trx
        .selectFrom('sign_in_failures')
        .select(['key', 'at'])
        .where('key', 'in', Object.values(keys))
        .where('at', '>', Math.min(...Object.values(since)))
        .orderBy('at')
        .execute();
      const recent = Object.fromEntries(
        names.map((name) => [
          name,
          rows.filter((row) => row.key === keys[name] && Number(row.at) > since[name]).map((row) => Number(row.at)),
        ]),
      ) as Recent;
      check(recent);
      const recorded = names.map((name) => ({ id: randomUUID(), key: keys[name], at: now }));
      await trx.insertInto('sign_in_failures').values(recorded).execute();
      // What no window can see any more goes now; keys that never come back, with the sweep (sweepSignInFailures).
      await trx
        .deleteFrom('sign_in_failures')
        .where('key', 'in', Object.values(keys))
        .where('at', '<=', Math.min(...Object.values(since)))
        .execute();
      return recorded.map((row) => row.id);
    });
  }

  async forget(keys: Keys, recorded: unknown): Promise<void> {
    await this.db
      .deleteFrom('sign_in_failures')
      .where((eb) => eb.or([eb('key', '=', keys.pair), eb('id', 'in', recorded as string[])]))
      .execute();
  }
}

/** Removes failures older than every window (run now and then, like the OAuth sweep). */
export async function sweepSignInFailures(
  db: Db,
  limits: SignInLimits = SIGN_IN_LIMITS,
  now = Date.now(),
): Promise<void> {
  const longest = Math.max(limits.pair.windowMs, limits.address.windowMs, limits.account.windowMs);
  await db
    .deleteFrom('sign_in_failures')
    .where('at', '<=', now - longest)
    .execute();
}

/**
 * Counts sign-in failures per account-and-address pair, per address and per account. An attempt is counted before
 * its password is checked and in the same step as the limit check, so parallel attempts cannot all pass a check
 * that none of them has been counted in yet (the race of checking, awaiting argon2 and only then counting), in
 * one process (MemoryFailureLog) or across several (DatabaseFailureLog). Unknown accounts are counted exactly like
 * known ones.
 */
export class LoginThrottle {
  private readonly limits: SignInLimits;
  private readonly now: () => number;
  private readonly log: FailureLog;

  constructor(
    limits: SignInLimits = SIGN_IN_LIMITS,
    now: () => number = () => Date.now(),
    log: FailureLog = new MemoryFailureLog(),
  ) {
    this.limits = limits;
    this.now = now;
    this.log = log;
  }

  /** Rejects with a 429 and Retry-After when this attempt must wait; else counts it and lets it through. */
  async begin(account: string, address: string): Promise<SignInAttempt> {
    const { pair: pairLimit, address: addressLimit, account: accountLimit } = this.limits;
    const now = this.now();
    const keys: Keys = {
      pair: `pair:${account}\n${address}`,
      address: `address:${address}`,
      account: `account:${account}`,
    };
    const since = {
      pair: now - pairLimit.windowMs,
      address: now - addressLimit.windowMs,
      account: now - accountLimit.windowMs,
    };

    const recorded = await this.log.attempt(keys, since, now, ({ pair, address: fromAddress, account: ofAccount }) => {
      if (pair.length >= pairLimit.max) throw tooMany(pair[0]! + pairLimit.windowMs - now);
      if (fromAddress.length >= addressLimit.max) throw tooMany(fromAddress[0]! + addressLimit.windowMs - now);
      const beyondFree = ofAccount.length - accountLimit.free;
      if (beyondFree >= 0 && fromAddress.length > 0) {
        const delay = Math.min(accountLimit.baseDelayMs * 2 ** beyondFree, accountLimit.maxDelayMs);
        const waitMs = ofAccount.at(-1)! + delay - now;
        if (waitMs > 0) throw tooMany(waitMs);
      }
    });
    return { succeeded: () => this.log.forget(keys, recorded) };
  }
}
