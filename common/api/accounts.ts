import { z } from 'zod';
import { defineApiRoutes } from '../api-route.ts';
import { credentialsSchema } from './credentials.ts';

const tokens = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
});

/** Sign-in for the native app (contract section 4; server/modules/accounts). */
export const accountsApi = defineApiRoutes('accounts', {
  /**
   * An e-mail address or phone number and the password: a session's tokens. 401 `invalid_credentials` with the
   * seed's message for a wrong one, 429 when the sign-in throttle or the flood limit holds it back.
   */
  signIn: { method: 'POST', path: '/api/auth/login', body: credentialsSchema, response: tokens },
  /** New tokens for a refresh token (a retry of the same refresh gets the same answer); 401 `invalid_grant`. */
  refreshSession: {
    method: 'POST',
    path: '/api/auth/refresh',
    body: z.object({ refresh_token: z.string().min(1).max(200) }),
    response: tokens,
  },
  /** Ends the caller's session (204). */
  signOut: { method: 'POST', path: '/api/auth/logout' },
});
