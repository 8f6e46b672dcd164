import argon2 from 'argon2';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id, 19 MiB, 2 passes, 1 lane', async () => {
    expect(await hashPassword('Navimow-demo-1')).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('accepts long Unicode passwords whole: a change at the end matters', async () => {
    const long = `${'Rasenmäher-🌱-газон-'.repeat(8)}end`;
    expect(long.length).toBeGreaterThan(64);
    const hash = await hashPassword(long);
    expect(await verifyPassword(hash, long)).toBe(true);
    expect(await verifyPassword(hash, `${long.slice(0, -1)}x`)).toBe(false);
    // Composed and decomposed forms of the same text are the same password.
    expect(await verifyPassword(await hashPassword('Müller'), 'Mu\u0308ller')).toBe(true);
  });

  it('costs an unknown account the same work as a wrong password: one argon2id check with the same parameters', async () => {
    const verify = vi.spyOn(argon2, 'verify');
    try {
      await verifyPassword(await hashPassword('right password'), 'wrong password');
      await verifyPassword(undefined, 'wrong password');
      expect(verify).toHaveBeenCalledTimes(2);
      const [known, unknown] = verify.mock.calls.map(([hash]) => hash.replace(/\$[^$]+\$[^$]+$/, ''));
      expect(unknown).toBe(known);
      expect(known).toBe('$argon2id$v=19$m=19456,p=1,t=2');
    } finally {
      verify.mockRestore();
    }
  });

  it('answers false, not an error, for an unknown account or a corrupt hash', async () => {
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
