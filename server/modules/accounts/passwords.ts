import argon2 from 'argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password.normalize('NFC'), ARGON2_OPTIONS);
}

// Verified against when the account does not exist, so that an unknown account costs as long as a wrong
// password and the answer's timing does not tell which it was.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that matches no account');
  try {
    const matches = await argon2.verify(hash ?? (await decoyHash), password.normalize('NFC'));
    return hash !== undefined && matches;
  } catch {
    return false;
  }
}
