/** What the rest of the server may use of the accounts module (docs/decisions/008-import-boundaries.md). */
export { createAccount, findAccountById, findAccountByIdentifier } from './account-queries.ts';
export { authRoutes } from './auth-routes.ts';
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
