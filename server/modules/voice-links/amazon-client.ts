import { ALEXA_LINKING_SCOPE, type AmazonConfig } from './amazon-config.ts';

/** A call to Amazon that did not give what we needed. Carries no token: it may be logged as it is. */
export class AmazonError extends Error {
  override readonly name = 'AmazonError';
  readonly step: string;
  /** Amazon's HTTP status; undefined when it did not answer (timeout, network). */
  readonly status: number | undefined;
  /** Amazon's error code (`invalid_grant`, ...) when it gave one. */
  readonly amazonCode: string | undefined;

  constructor(step: string, detail: string, status?: number, amazonCode?: string) {
    super(`Amazon ${step}: ${detail}`);
    this.step = step;
    this.status = status;
    this.amazonCode = amazonCode;
  }
}

export interface AmazonTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO 8601. */
  accessExpiresAt: string;
}

interface Answer {
  status: number;
  body: Record<string, unknown> | undefined;
}

/**
 * Login with Amazon and the Alexa Skill Enablement API, as app-to-app account linking uses them
 * (developer.amazon.com: "App-to-App Account Linking (Starting From Your App)", "Skill Enablement REST API").
 * Every call has the configured timeout; nothing here logs, and errors never carry a token.
 */
export function createAmazonClient(config: AmazonConfig) {
  async function call(step: string, url: string, init: RequestInit): Promise<Answer> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(config.timeoutMs) });
      text = await response.text();
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new AmazonError(step, timedOut ? `no answer within ${config.timeoutMs} ms` : 'not reachable');
    }
    let body: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = text ? JSON.parse(text) : undefined;
      body = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  }

  const failed = (step: string, { status, body }: Answer) => {
    const code = typeof body?.error === 'string' ? body.error : undefined;
    return new AmazonError(step, `HTTP ${status}${code ? ` ${code}` : ''}`, status, code);
  };

  async function tokenRequest(step: string, form: Record<string, string>): Promise<AmazonTokens> {
    const answer = await call(step, config.lwaTokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
      body: new URLSearchParams({ ...form, client_id: config.clientId, client_secret: config.clientSecret }).toString(),
    });
    const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn } = answer.body ?? {};
    if (answer.status !== 200 || typeof accessToken !== 'string' || typeof refreshToken !== 'string')
      throw failed(step, answer);
    const seconds = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 3600;
    return { accessToken, refreshToken, accessExpiresAt: new Date(Date.now() + seconds * 1000).toISOString() };
  }

  const enablementUrl = `${config.alexaApiUrl}/v1/users/~current/skills/${encodeURIComponent(config.skillId)}/enablement`;

  return {
    /** Amazon's code from the return leg, with our PKCE verifier, for the user's Amazon tokens. */
    exchangeCode: (code: string, codeVerifier: string) =>
      tokenRequest('token exchange', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: config.appLinkRedirectUri,
        code_verifier: codeVerifier,
      }),

    refresh: (refreshToken: string) =>
      tokenRequest('token refresh', { grant_type: 'refresh_token', refresh_token: refreshToken }),

    /** Enables the skill and links it with our authorization code, which Amazon redeems at our token endpoint. */
    async enable(accessToken: string, authCode: string): Promise<void> {
      const answer = await call('skill enablement', enablementUrl, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          stage: config.skillStage,
          accountLinkRequest: { redirectUri: config.amazonRedirectUri, authCode, type: 'AUTH_CODE' },
        }),
      });
      if (answer.status !== 201) throw failed('skill enablement', answer);
    },

    /** Disables the skill for the user: `disabled` (or never enabled), or `unauthorized` when the token is stale. */
    async disable(accessToken: string): Promise<'disabled' | 'unauthorized'> {
      const answer = await call('skill disablement', enablementUrl, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      if (answer.status === 204 || answer.status === 404) return 'disabled';
      if (answer.status === 401) return 'unauthorized';
      throw failed('skill disablement', answer);
    },
  };
}

/** The two URLs of app-to-app linking that start it, with our state and PKCE challenge. */
export function alexaStartUrls(config: AmazonConfig, state: string, codeChallenge: string) {
  const common = {
    client_id: config.clientId,
    scope: ALEXA_LINKING_SCOPE,
    response_type: 'code',
    redirect_uri: config.appLinkRedirectUri,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  };
  const alexaApp = new URLSearchParams({
    fragment: 'skill-account-linking-consent',
    ...common,
    skill_stage: config.skillStage,
  });
  // Amazon's documented order: fragment, client_id, scope, skill_stage, response_type, redirect_uri, state.
  const ordered = new URLSearchParams();
  for (const key of [
    'fragment',
    'client_id',
    'scope',
    'skill_stage',
    'response_type',
    'redirect_uri',
    'state',
    'code_challenge',
    'code_challenge_method',
  ]) {
    ordered.set(key, alexaApp.get(key)!);
  }
  return {
    alexaAppUrl: `${config.alexaAppUrl}?${ordered}`,
    lwaFallbackUrl: `${config.lwaAuthorizationUrl}?${new URLSearchParams(common)}`,
  };
}
