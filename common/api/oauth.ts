import { z } from 'zod';
import { defineApiRoutes } from '../api-route.ts';
import { credentialsSchema } from './credentials.ts';

const uid = z.object({ uid: z.string() });

/** Back to the client: its redirect with a code, or with `error=access_denied`. */
const redirect = z.object({ redirect_to: z.string() });

/**
 * The authorization server's interaction endpoints behind the web login pages (server/modules/oauth): outside `/api`
 * because the provider scopes its interaction cookie to `/oauth/interaction/<uid>`, which each call sends. A sign-in
 * that expired or never was answers 400 `interaction_expired`.
 */
export const oauthApi = defineApiRoutes('oauth', {
  /** Who asks the user to link the account, and for what. */
  interactionDetails: {
    method: 'GET',
    path: '/oauth/interaction/:uid/details',
    params: uid,
    cookies: true,
    response: z.object({
      client: z.object({
        id: z.string(),
        name: z.string(),
        kind: z.enum(['alexa', 'google', 'hornbach', 'third_party']),
      }),
      scopes: z.array(z.string()),
      /** The `channel` of the authorization request, when the client sent one. */
      channel: z.string().nullable(),
    }),
  },
  /**
   * "Agree and Link": signs in and grants the request; for a redirect URI the client did not register, signs in only
   * and answers the host the consent screen names. 401 for a wrong account or password, 429 when throttled.
   */
  interactionLogin: {
    method: 'POST',
    path: '/oauth/interaction/:uid/login',
    params: uid,
    body: credentialsSchema,
    cookies: true,
    response: z.union([redirect, z.object({ confirm_host: z.string() })]),
  },
  /** "Continue" on the consent screen that named the redirect's host; 409 `not_signed_in` before a sign-in. */
  interactionConfirm: {
    method: 'POST',
    path: '/oauth/interaction/:uid/confirm',
    params: uid,
    cookies: true,
    response: redirect,
  },
  /** "Cancel": the client gets `error=access_denied` with its `state`. */
  interactionAbort: {
    method: 'POST',
    path: '/oauth/interaction/:uid/abort',
    params: uid,
    cookies: true,
    response: redirect,
  },
});
