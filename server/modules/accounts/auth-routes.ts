import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { findAccountByIdentifier } from './account-queries.ts';
import { requireCaller } from './authenticate.ts';
import { parseIdentifier } from '../../../common/account-identifiers.ts';
import { DEFAULT_LOGIN_THROTTLE, LoginThrottle } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import { createSession, refreshSession, revokeSession } from './sessions.ts';

/** The seed's wrong-credentials message; the same for an unknown account and a wrong password. */
export const WRONG_CREDENTIALS = 'Wrong password or account. Please try again.';

const loginBody = z.object({
  account: z.string().trim().min(1, 'Enter your account.').max(254),
  password: z.string().min(1, 'Enter your password.').max(1024),
});

/** POST /api/auth/login, /refresh, /logout: sign-in for the native app (contract section 4). */
export const authRoutes: FastifyPluginAsyncZod<{ db: Db; throttle?: LoginThrottle; loginRequestsPerMinute?: number }> = async (
  app,
  {
    db,
    throttle = new LoginThrottle(DEFAULT_LOGIN_THROTTLE.perAccount, DEFAULT_LOGIN_THROTTLE.perAddress),
    loginRequestsPerMinute = 60,
  },
) => {
  app.post(
    '/login',
    {
      schema: { body: loginBody },
      config: { rateLimit: { max: loginRequestsPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      const identifier = parseIdentifier(request.body.account);
      const key = identifier?.value ?? request.body.account.toLowerCase();
      throttle.check(key, request.ip);
      const account = identifier ? await findAccountByIdentifier(db, identifier) : undefined;
      const valid = await verifyPassword(account?.password_hash, request.body.password);
      if (!account || !valid) {
        throttle.fail(key, request.ip);
        throw new HttpError(401, 'invalid_credentials', WRONG_CREDENTIALS);
      }
      throttle.succeed(key);
      return createSession(db, account.id);
    },
  );

  app.post(
    '/refresh',
    {
      schema: { body: z.object({ refresh_token: z.string().min(1).max(200) }) },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const tokens = await refreshSession(db, request.body.refresh_token);
      if (!tokens) throw new HttpError(401, 'invalid_grant', 'Sign in again to continue.');
      return tokens;
    },
  );

  app.post('/logout', async (request, reply) => {
    const caller = await requireCaller(db, request);
    if (caller.sessionId) await revokeSession(db, caller.sessionId);
    return reply.code(204).send();
  });
};
