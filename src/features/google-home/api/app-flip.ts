import { googleAppFlip, signIn as signInEndpoint } from 'virtual:api-endpoints';
import type { LoginRequest } from '../../../../common/api-types.ts';
import type { AppFlipRequest } from '../../../../common/voice-links.ts';
import { callApi } from '../../../lib/api-client.ts';

/**
 * POST /api/voice-links/google/app-flip: an authorization code of our OAuth server for the Google client, which
 * the server gives only for the registered client id, scopes and redirect URI (else a 400 `invalid_client`).
 * `token` is a session the page signed in itself; without it, the app's.
 */
export async function requestAppFlipCode(request: AppFlipRequest, token?: string): Promise<string> {
  const { code } = await callApi(googleAppFlip, {
    body: request,
    auth: true,
    ...(token !== undefined && { token }),
  });
  return code;
}

/** POST /api/auth/login: a session for this page only, when the app has no signed-in user. */
export async function signIn(account: string, password: string): Promise<string> {
  const body: LoginRequest = { account, password };
  const { access_token } = await callApi(signInEndpoint, { body });
  return access_token;
}
