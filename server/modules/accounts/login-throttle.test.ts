import { describe, expect, it } from 'vitest';
import { LoginThrottle, SIGN_IN_LIMITS } from './login-throttle.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const retryAfter = (fn: () => unknown): number => {
  try {
    fn();
  } catch (error) {
    return Number((error as { headers: Record<string, string> }).headers['Retry-After']);
  }
  return 0;
};

describe('LoginThrottle', () => {
  it('walls off one account from one address after 5 failures, for that pair only', () => {
    const time = clock();
    const throttle = new LoginThrottle(SIGN_IN_LIMITS, time.now);
    for (let i = 0; i < 5; i += 1) throttle.begin('owner', '10.0.0.1');
    expect(retryAfter(() => throttle.begin('owner', '10.0.0.1'))).toBe(15 * 60);
    expect(() => throttle.begin('someone-else', '10.0.0.1')).not.toThrow();
    time.advance(15 * 60_000 + 1);
    expect(() => throttle.begin('owner', '10.0.0.1')).not.toThrow();
  });

  it('counts an attempt the moment it is let through, so parallel attempts cannot overrun the limit', () => {
    const throttle = new LoginThrottle(SIGN_IN_LIMITS, clock().now);
    const passed = Array.from({ length: 30 }, () => {
      try {
        throttle.begin('owner', '10.0.0.1');
        return true;
      } catch {
        return false;
      }
    }).filter(Boolean);
    expect(passed).toHaveLength(5);
  });

  it('slows an account under attack with doubling delays, never a wall for an address that has not failed', () => {
    const time = clock();
    const throttle = new LoginThrottle(SIGN_IN_LIMITS, time.now);
    // Five failures from five addresses: the free ones.
    for (let i = 0; i < 5; i += 1) throttle.begin('owner', `203.0.113.${i}`);
    // A failing address now waits 1 s, then 2 s, then 4 s...
    expect(retryAfter(() => throttle.begin('owner', '203.0.113.0'))).toBe(1);
    time.advance(1_000);
    throttle.begin('owner', '203.0.113.0');
    expect(retryAfter(() => throttle.begin('owner', '203.0.113.1'))).toBe(2);
    time.advance(2_000);
    throttle.begin('owner', '203.0.113.1');
    expect(retryAfter(() => throttle.begin('owner', '203.0.113.2'))).toBe(4);
    // ...and the owner at home, an address without failures, is not held back.
    expect(() => throttle.begin('owner', '198.51.100.7').succeeded()).not.toThrow();
  });

  it('caps the delay at a minute', () => {
    const time = clock();
    const throttle = new LoginThrottle(SIGN_IN_LIMITS, time.now);
    for (let i = 0; i < 40; i += 1) {
      time.advance(60_000);
      throttle.begin('owner', `203.0.113.${i % 4}`);
    }
    expect(retryAfter(() => throttle.begin('owner', '203.0.113.1'))).toBe(60);
  });

  it('allows many accounts behind one carrier address before limiting the address', () => {
    const throttle = new LoginThrottle(SIGN_IN_LIMITS, clock().now);
    for (let i = 0; i < 100; i += 1) throttle.begin(`user-${i}`, '100.64.0.1');
    expect(retryAfter(() => throttle.begin('user-100', '100.64.0.1'))).toBeGreaterThan(0);
  });

  it('takes back a successful attempt and lets its pair start afresh', () => {
    const time = clock();
    const throttle = new LoginThrottle(SIGN_IN_LIMITS, time.now);
    for (let i = 0; i < 4; i += 1) throttle.begin('owner', '10.0.0.1');
    throttle.begin('owner', '10.0.0.1').succeeded();
    // The pair has five failures to go again (spaced out, past the account's own slow-down).
    for (let i = 0; i < 5; i += 1) {
      time.advance(60_000);
      throttle.begin('owner', '10.0.0.1');
    }
    expect(retryAfter(() => throttle.begin('owner', '10.0.0.1'))).toBeGreaterThan(60);
  });
});
