import { describe, expect, it } from 'vitest';
import { canHibernate, MIN_HIBERNATION_BATTERY_PERCENT } from './hibernation.ts';

describe('canHibernate', () => {
  it('allows hibernation from the seed’s 85 % on, and not below', () => {
    expect(MIN_HIBERNATION_BATTERY_PERCENT).toBe(85);
    expect(canHibernate(84)).toBe(false);
    expect(canHibernate(85)).toBe(true);
    expect(canHibernate(100)).toBe(true);
  });
});
