import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryRateLimitStore } from './rate-limit-store.ts';

type Answer = { current: number; ttl: number };

const newStore = (): FastifyRateLimitStore => new (memoryRateLimitStore())({});
/** The plugin's routeInfo: unused by this store. */
const routeOptions = {} as Parameters<FastifyRateLimitStore['child']>[0];

/** What the store answers to `key`, as the plugin gets it (kept for later, as the plugin does across an await). */
function count(store: FastifyRateLimitStore, key: string, timeWindow = 60_000): Answer {
  let answer: Answer | undefined;
  store.incr(key, (_error, result) => (answer = result), timeWindow, 10);
  return answer!;
}

describe('memoryRateLimitStore', () => {
  afterEach(() => vi.useRealTimers());

  it('answers each request with the count as it was for that request, also when they come together', () => {
    const store = newStore();
    const answers = Array.from({ length: 12 }, () => count(store, '203.0.113.1'));
    expect(answers.map((answer) => answer.current)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(count(store, '203.0.113.2').current).toBe(1);
  });

  it('starts a new window once the last one has ended, and says how long a window has left', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const store = newStore();
    count(store, 'a');
    vi.advanceTimersByTime(45_000);
    expect(count(store, 'a')).toEqual({ current: 2, ttl: 15_000 });
    vi.advanceTimersByTime(15_000);
    expect(count(store, 'a')).toEqual({ current: 1, ttl: 60_000 });
  });

  it('keeps a route’s own counts apart from the global ones', () => {
    const store = newStore();
    count(store, 'a');
    const route = store.child(routeOptions);
    expect(count(route, 'a').current).toBe(1);
    expect(count(store, 'a').current).toBe(2);
  });

  it('keeps at most 5 000 addresses, dropping the oldest window', () => {
    const store = newStore();
    count(store, 'oldest');
    count(store, 'oldest');
    for (let index = 0; index < 4999; index += 1) count(store, `address-${index}`);
    expect(count(store, 'oldest').current).toBe(3);
    count(store, 'one more');
    // 'oldest' was counted last but began first: its window is the one dropped.
    expect(count(store, 'oldest').current).toBe(1);
  });
});
