import type { FastifyInstance } from 'fastify';
import { accountsApi } from '../../../common/api/accounts.ts';
import type { Db } from '../../db/database.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { HttpError } from '../../http/errors.ts';
import { serveApi } from '../../http/serve-api.ts';
import type { RequireCaller } from './authenticate.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { createSession, refreshSession, revokeSession } from './sessions.ts';
import { signIn } from './sign-in.ts';

/** POST /api/auth/login, /refresh, /logout: sign-in for the native app (contract section 4). */
export function authRoutes(
  app: FastifyInstance,
  {
    db,
    requireCaller,
    throttle,
    loginRequestsPerMinute,
    sessionsPerAccount,
  }: {
    db: Db;
    requireCaller: RequireCaller;
    throttle: LoginThrottle;
    loginRequestsPerMinute: number;
    /** The sessions an account keeps live; a sign-in beyond them ends the oldest (`SESSIONS_PER_ACCOUNT`). */
    sessionsPerAccount: number;
  },
): void {
  serveApi(app, accountsApi, {
    signIn: {
      options: { config: { rateLimit: { max: loginRequestsPerMinute, timeWindow: '1 minute' } } },
      handler: async (request) => {
        const account = await signIn(db, throttle, request.body, clientAddressKey(request.ip));
        return createSession(db, account.id, { keep: sessionsPerAccount });
      },
    },

    refreshSession: {
      options: { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
      handler: async (request) => {
        const { refresh_token: refreshToken } = request.body;
        const tokens = await refreshSession(db, refreshToken);
        if (!tokens) throw new HttpError(401, 'invalid_grant', 'Sign in again to continue.');
        return tokens;
      },
    },

    signOut: async (request, reply) => {
      const caller = await requireCaller(request, 'account');
      if (caller.sessionId) await revokeSession(db, caller.sessionId);
      return reply.code(204).send();
    },
  });
}
