import type { z } from 'zod';
import type { accountsApi } from './api/accounts.ts';
import type { commentsApi } from './api/comments.ts';
import type { mowerListItem } from './api/fleet.ts';
import type { healthApi } from './api/health.ts';
import type { oauthApi } from './api/oauth.ts';

type OAuthRoutes = (typeof oauthApi)['routes'];

/** JSON shapes of the HTTP API (contract section 4), shared by the server and the web view. */

export interface ApiErrorBody {
  error: { code: string; message: string; field?: string };
}

/** GET /api/health (common/api/health.ts). */
export type HealthResponse = z.output<(typeof healthApi)['routes']['health']['response']>;

/**
 * POST /api/auth/login (the app's sign-in) and POST /oauth/interaction/<uid>/login (the account-linking login
 * page): an e-mail address or phone number, and the password (common/api/accounts.ts).
 */
export type LoginRequest = z.input<(typeof accountsApi)['routes']['signIn']['body']>;

export type TokenResponse = z.output<(typeof accountsApi)['routes']['signIn']['response']>;

export type MowerRole = MowerDto['role'];

/** GET /api/mowers (common/api/fleet.ts). */
export type MowerDto = z.output<typeof mowerListItem>;

export interface MowerListResponse {
  mowers: MowerDto[];
}

/** POST /api/comments: a rating with an optional topic and comment, for the comment tool (common/api/comments.ts). */
export type CreateCommentRequest = z.input<(typeof commentsApi)['routes']['createComment']['body']>;

export type CommentCreatedResponse = z.output<(typeof commentsApi)['routes']['createComment']['response']>;

/** The OAuth clients the account-linking pages tell apart: which login page and which permissions they show. */
export type LinkingClientKind = InteractionDetailsResponse['client']['kind'];

/** GET /oauth/interaction/<uid>/details: who asks the user to link the account, and for what (common/api/oauth.ts). */
export type InteractionDetailsResponse = z.output<OAuthRoutes['interactionDetails']['response']>;

/** POST /oauth/interaction/<uid>/login and /abort: where the browser goes next (back to the client). */
export type InteractionRedirectResponse = z.output<OAuthRoutes['interactionAbort']['response']>;

/**
 * POST /oauth/interaction/<uid>/login: where the browser goes next, or, for a redirect URI the client did not
 * register, the host the consent screen names before POST /oauth/interaction/<uid>/confirm sends it on.
 */
export type InteractionLoginResponse = z.output<OAuthRoutes['interactionLogin']['response']>;
