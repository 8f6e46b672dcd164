import type { z } from 'zod';
import { credentialsSchema } from '../../../common/api/credentials.ts';
import { parseIdentifier } from '../../../common/account-identifiers.ts';
import type { Db } from '../../db/database.ts';
import type { Account } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { findAccountByIdentifier } from './account-queries.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';

/** The seed's wrong-credentials message; the same for an unknown account and a wrong password. */
export const WRONG_CREDENTIALS = 'Wrong password or account. Please try again.';

export { credentialsSchema };

/**
 * Checks an account (e-mail or phone) and password under the sign-in throttle, which counts the attempt before
 * the password is checked. An unknown account costs the same time and gets the same 401 as a wrong password.
 */
export async function signIn(
  db: Db,
  throttle: LoginThrottle,
  { account: input, password }: z.infer<typeof credentialsSchema>,
  address: string,
): Promise<Account> {
  const identifier = parseIdentifier(input);
  const account = identifier ? await findAccountByIdentifier(db, identifier) : undefined;
  // Failures count per account, so that its e-mail and its phone number share one count instead of five guesses
  // each. An identifier of no account counts under itself, and is looked up first just the same, so neither the
  // answers nor their timing tell one from the other.
  const key = account ? `account ${account.id}` : `identifier ${identifier?.value ?? input.toLowerCase()}`;
  const attempt = await throttle.begin(key, address);
  const valid = await verifyPassword(account?.password_hash, password);
  if (!account || !valid) throw new HttpError(401, 'invalid_credentials', WRONG_CREDENTIALS);
  await attempt.succeeded();
  return account;
}
