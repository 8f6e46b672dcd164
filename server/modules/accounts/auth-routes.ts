import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { HttpError } from '../../http/errors.ts';
import type { RequireCaller } from './authenticate.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { createSession, refreshSession, revokeSession } from './sessions.ts';
import { credentialsSchema, signIn } from './sign-in.ts';

/** POST /api/auth/login, /refresh, /logout: sign-in for the native app (contract section 4). */
export const authRoutes: FastifyPluginAsyncZod<{
  db: Db;
  requireCaller: RequireCaller;
  throttle: LoginThrottle;
  loginRequestsPerMinute: number;
  /** The sessions an account keeps live; a sign-in beyond them ends the oldest (`SESSIONS_PER_ACCOUNT`). */
  sessionsPerAccount: number;
}> = async (app, { db, requireCaller, throttle, loginRequestsPerMinute, sessionsPerAccount }) => {
  app.post(
    '/login',
    {
      schema: { body: credentialsSchema },
      config: { rateLimit: { max: loginRequestsPerMinute, timeWindow: '1 minute' } },
    },
    async (request) => {
      const account = await signIn(db, throttle, request.body, clientAddressKey(request.ip));
      return createSession(db, account.id, { keep: sessionsPerAccount });
    },
  );

  app.post(
    '/refresh',
    {
      schema: { body: z.object({ refresh_token: z.string().min(1).max(200) }) },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { refresh_token: refreshToken } = request.body;
      const tokens = await refreshSession(db, refreshToken);
      if (!tokens) throw new HttpError(401, 'invalid_grant', 'Sign in again to continue.');
      return tokens;
    },
  );

  app.post('/logout', async (request, reply) => {
    const caller = await requireCaller(request, 'account');
    if (caller.sessionId) await revokeSession(db, caller.sessionId);
    return reply.code(204).send();
  });
};
