import type { FastifyInstance } from 'fastify';
import { type Db, supportsRowLocks } from '../../db/database.ts';
import type { Started } from '../../module.ts';
import { DatabaseFailureLog, LoginThrottle, MemoryFailureLog, type SignInLimits } from './login-throttle.ts';
import { followSessionChanges } from './sessions.ts';

export interface AccountsProvides {
  /** Sign-in failures per account and address: the app's sign-in and the account-linking login page share it. */
  throttle: LoginThrottle;
}

/**
 * Follows the sessions ended in any process (a sign-out elsewhere stops a token here at once) and makes the sign-in
 * throttle, which counts in the database when several processes share it (decision record 013).
 */
export async function startAccounts(
  app: FastifyInstance,
  { db, config }: { db: Db; config: { signInLimits: SignInLimits } },
): Promise<Started<AccountsProvides>> {
  const stopFollowingSessions = await followSessionChanges(db, (error) =>
    app.log.error(
      { err: error },
      'lost the feed of session changes: verified tokens are looked up every time until it is back',
    ),
  );
  const failures = supportsRowLocks(db) ? new DatabaseFailureLog(db) : new MemoryFailureLog();
  return {
    provides: { throttle: new LoginThrottle(config.signInLimits, undefined, failures) },
    close: stopFollowingSessions,
  };
}
