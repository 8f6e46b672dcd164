import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createTestDatabase, testDatabaseKinds } from '../../testing/test-database.ts';
import {
  DatabaseFailureLog,
  type FailureLog,
  LoginThrottle,
  MemoryFailureLog,
  SIGN_IN_LIMITS,
} from './login-throttle.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const retryAfter = async (attempt: Promise<unknown>): Promise<number> => {
  try {
    await attempt;
  } catch (error) {
    return Number((error as { headers: Record<string, string> }).headers['Retry-After']);
  }
  return 0;
};

/** The same rules whether the failures are kept in memory (one process) or in the database (several). */
const logs: [string, () => FailureLog][] = [['memory', () => new MemoryFailureLog()]];
const databases: Db[] = [];
const cleanups: (() => Promise<void>)[] = [];
for (const kind of testDatabaseKinds) {
  logs.push([`the ${kind} database`, () => new DatabaseFailureLog(databases[testDatabaseKinds.indexOf(kind)]!)]);
}
beforeAll(async () => {
  for (const kind of testDatabaseKinds) {
    const { db, destroy } = await createTestDatabase(kind, { seed: false });
    databases.push(db);
    cleanups.push(destroy);
  }
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

let keyspace = 0;

describe.each(logs)('LoginThrottle with failures kept in %s', (_name, makeLog) => {
  /** A throttle on a fresh log; each test's accounts are its own, as the database is shared by the tests. */
  const throttleWith = (now: () => number) => {
    keyspace += 1;
    const prefix = `t${keyspace}-`;
    const throttle = new LoginThrottle(SIGN_IN_LIMITS, now, makeLog());
    return {
      begin: (account: string, address: string) =>
        throttle.begin(`${prefix}${account}`, address === '*' ? address : `${prefix}${address}`),
    };
  };

  it('walls off one account from one address after 5 failures, for that pair only', async () => {
    const time = clock();
    const throttle = throttleWith(time.now);
    for (let i = 0; i < 5; i += 1) await throttle.begin('owner', '10.0.0.1');
    expect(await retryAfter(throttle.begin('owner', '10.0.0.1'))).toBe(15 * 60);
    await expect(throttle.begin('someone-else', '10.0.0.1')).resolves.toBeDefined();
    time.advance(15 * 60_000 + 1);
    await expect(throttle.begin('owner', '10.0.0.1')).resolves.toBeDefined();
  });

  it('counts an attempt the moment it is let through, so parallel attempts cannot overrun the limit', async () => {
    const throttle = throttleWith(clock().now);
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => throttle.begin('owner', '10.0.0.1')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
  });

  it('slows an account under attack with doubling delays, never a wall for an address that has not failed', async () => {
    const time = clock();
    const throttle = throttleWith(time.now);
    // Five failures from five addresses: the free ones.
    for (let i = 0; i < 5; i += 1) await throttle.begin('owner', `203.0.113.${i}`);
    // A failing address now waits 1 s, then 2 s, then 4 s...
    expect(await retryAfter(throttle.begin('owner', '203.0.113.0'))).toBe(1);
    time.advance(1_000);
    await throttle.begin('owner', '203.0.113.0');
    expect(await retryAfter(throttle.begin('owner', '203.0.113.1'))).toBe(2);
    time.advance(2_000);
    await throttle.begin('owner', '203.0.113.1');
    expect(await retryAfter(throttle.begin('owner', '203.0.113.2'))).toBe(4);
    // ...and the owner at home, an address without failures, is not held back.
    await (await throttle.begin('owner', '198.51.100.7')).succeeded();
  });

  it('caps the delay at a minute', async () => {
    const time = clock();
    const throttle = throttleWith(time.now);
    for (let i = 0; i < 40; i += 1) {
      time.advance(60_000);
      await throttle.begin('owner', `203.0.113.${i % 4}`);
    }
    expect(await retryAfter(throttle.begin('owner', '203.0.113.1'))).toBe(60);
  });

  it('allows many accounts behind one carrier address before limiting the address', async () => {
    const throttle = throttleWith(clock().now);
    for (let i = 0; i < 100; i += 1) await throttle.begin(`user-${i}`, '100.64.0.1');
    expect(await retryAfter(throttle.begin('user-100', '100.64.0.1'))).toBeGreaterThan(0);
  });

  it('takes back a successful attempt and lets its pair start afresh', async () => {
    const time = clock();
    const throttle = throttleWith(time.now);
    for (let i = 0; i < 4; i += 1) await throttle.begin('owner', '10.0.0.1');
    await (await throttle.begin('owner', '10.0.0.1')).succeeded();
    // The pair has five failures to go again (spaced out, past the account's own slow-down).
    for (let i = 0; i < 5; i += 1) {
      time.advance(60_000);
      await throttle.begin('owner', '10.0.0.1');
    }
    expect(await retryAfter(throttle.begin('owner', '10.0.0.1'))).toBeGreaterThan(60);
  });
});

describe('MemoryFailureLog', () => {
  it('drops the failures of keys never tried again once no window can see them', async () => {
    const time = clock();
    const log = new MemoryFailureLog();
    const throttle = new LoginThrottle(SIGN_IN_LIMITS, time.now, log);
    for (let i = 0; i < 50; i += 1) await throttle.begin(`guess-${i}@navimow.example`, `198.51.100.${i}`);
    // A pair, an address and an account per attempt.
    expect(log.size).toBe(150);
    time.advance(SIGN_IN_LIMITS.account.windowMs - 1);
    await throttle.begin('owner', '192.0.2.1');
    // The account window (the longest) still sees them.
    expect(log.size).toBe(153);
    time.advance(60_000);
    await throttle.begin('owner', '192.0.2.1');
    expect(log.size).toBe(3);
  });
});
