/** What the rest of the server may use of the accounts module (docs/decisions/008-import-boundaries.md). */
import type { Db } from '../../db/database.ts';
import { defineModule, HOUR_MS } from '../../module.ts';
import { authRoutes } from './auth-routes.ts';
import type { RequireCaller } from './authenticate.ts';
import { type LoginThrottle, type SignInLimits, sweepSignInFailures } from './login-throttle.ts';
import { sweepSessionRetryAnswers, sweepUsedRefreshTokens } from './sessions.ts';
import { accountSettings } from './settings.ts';
import { startAccounts } from './start.ts';
export { createAccount, findAccountById, findAccountByIdentifier } from './account-queries.ts';
export {
  type Caller,
  type CallerRoutesOptions,
  createRequireCaller,
  type OAuthTokenGrant,
  originOf,
  type Permission,
  type RequireCaller,
  type TokenGrantLookup,
} from './authenticate.ts';
export {
  DatabaseFailureLog,
  LoginThrottle,
  MemoryFailureLog,
  SIGN_IN_LIMITS,
  type SignInLimits,
  sweepSignInFailures,
} from './login-throttle.ts';
export { hashPassword } from './passwords.ts';
export { followSessionChanges, sweepSessionRetryAnswers, sweepUsedRefreshTokens } from './sessions.ts';
export {
  openRetryAnswer,
  REFRESH_RETRY_GRACE_MS,
  sealRetryAnswer,
  UNANSWERED_REFRESH_RETRY_MS,
} from './refresh-retries.ts';
export { credentialsSchema, signIn, WRONG_CREDENTIALS } from './sign-in.ts';

export const accountsModule = defineModule({
  name: 'accounts',
  settings: accountSettings,
  start: startAccounts,
  apiRoutes: (
    api,
    {
      db,
      requireCaller,
      throttle,
      config,
    }: {
      db: Db;
      requireCaller: RequireCaller;
      throttle: LoginThrottle;
      config: { loginRequestsPerMinute: number; sessionsPerAccount: number };
    },
  ) =>
    authRoutes(api, {
      db,
      requireCaller,
      throttle,
      loginRequestsPerMinute: config.loginRequestsPerMinute,
      sessionsPerAccount: config.sessionsPerAccount,
    }),
  sweeps: [
    {
      name: 'sign-in failures',
      everyMs: HOUR_MS,
      run: (db, { signInLimits }: { signInLimits: SignInLimits }) => sweepSignInFailures(db, signInLimits),
    },
    { name: 'used refresh tokens', everyMs: HOUR_MS, run: (db) => sweepUsedRefreshTokens(db) },
    // Sealed refresh answers serve a retry until their new token is used, an hour at most: gone within 30 s of that.
    { name: 'session retry answers', everyMs: 30 * 1000, run: (db) => sweepSessionRetryAnswers(db) },
  ],
});
