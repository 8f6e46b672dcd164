import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { ALEXA_LINKING_SCOPE, AMAZON_FAKE_PATHS } from '../modules/voice-links/public.ts';

/**
 * A local stand-in for Amazon (Login with Amazon and the Alexa Skill Enablement API) that behaves like the real
 * one where the product depends on it, so that Alexa's app-to-app linking runs offline: in the demo with the
 * simulator (mounted under /dev/amazon/ of the product's origin) and in tests (on a port of its own). Never mounted
 * in production: server/app.ts loads this file only with the simulator on. docs/decisions/012-voice-links.md says what it does and does not imitate.
 */
export interface FakeAmazonSettings {
  /** The skill's LWA security profile. */
  lwaClientId: string;
  lwaClientSecret: string;
  /** Allowed return URLs of the security profile: where LWA may send the user back with a code. */
  allowedReturnUrls: readonly string[];
  skillId: string;
  skillStage: 'development' | 'live';
  /** The skill's account-linking settings: our token endpoint and the OAuth client Alexa is registered as. */
  accountLinking: { tokenUrl: string; clientId: string; clientSecret: string; redirectUrls: readonly string[] };
  /** How long a request hangs in the `hang` fault before it answers 504 (ms). */
  hangMs?: number;
}

export type FakeAmazonFault = { mode: 'none' } | { mode: 'fail' | 'hang'; on: 'all' | 'token' | 'enablement' };

/** The Amazon user the fake's consent signs in as, unless the request names another. */
export const FAKE_AMAZON_USER = 'amzn1.account.NAVIMOWDEMOUSER';

const CODE_TTL_MS = 5 * 60 * 1000;
const ACCESS_TTL_S = 3600;

interface IssuedCode {
  user: string;
  redirectUri: string;
  challenge: string | undefined;
  expiresAt: number;
  used: boolean;
}

interface Enablement {
  stage: string;
  /** The tokens of our OAuth server that Amazon holds for the user, as the real Alexa keeps them for the skill. */
  linkedTokens: { access_token: string; refresh_token: string };
  enabledAt: string;
}

const random = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

function sameSecret(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/** The fake's state: codes, tokens, enablements, the fault switch. One per fake; kept in memory. */
export class FakeAmazon {
  settings: FakeAmazonSettings;
  fault: FakeAmazonFault = { mode: 'none' };
  private readonly codes = new Map<string, IssuedCode>();
  private readonly accessTokens = new Map<string, { user: string; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, { user: string }>();
  private readonly enablements = new Map<string, Enablement>();
  private readonly pendingHangs = new Set<() => void>();

  constructor(settings: FakeAmazonSettings) {
    this.settings = settings;
  }

  /** The enablement of the skill for an Amazon user, with the tokens of ours Amazon holds (tests inspect it). */
  enablement(user = FAKE_AMAZON_USER): Enablement | undefined {
    return this.enablements.get(user);
  }

  /** Ends every hanging request (the fake is closing). */
  releaseHangs(): void {
    for (const release of this.pendingHangs) release();
    this.pendingHangs.clear();
  }

  /** The authorization step: what the user's consent in the Alexa app or on LWA's page leads to. */
  authorize(
    params: URLSearchParams,
    decision: 'allow' | 'deny' = 'allow',
  ): { redirectTo: string } | { error: string; description: string } {
    const clientId = params.get('client_id');
    const redirectUri = params.get('redirect_uri');
    if (clientId !== this.settings.lwaClientId) return { error: 'invalid_client', description: 'Unknown client_id.' };
    // Never redirect to a URL the security profile does not allow (RFC 6749 section 4.1.2.1).
    if (!redirectUri || !this.settings.allowedReturnUrls.includes(redirectUri)) {
      return {
        error: 'invalid_request',
        description: 'redirect_uri is not an allowed return URL of this security profile.',
      };
    }
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const fail = (error: string, description: string) => {
      back.searchParams.set('error', error);
      back.searchParams.set('error_description', description);
      return { redirectTo: back.toString() };
    };
    if (params.get('response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code.');
    if (!(params.get('scope') ?? '').split(' ').includes(ALEXA_LINKING_SCOPE))
      return fail('invalid_scope', `scope must include ${ALEXA_LINKING_SCOPE}.`);
    const challenge = params.get('code_challenge') ?? undefined;
    if (challenge && params.get('code_challenge_method') !== 'S256')
      return fail('invalid_request', 'code_challenge_method must be S256.');
    if (decision === 'deny') return fail('access_denied', 'The user did not allow the request.');
    const code = random('ANfake');
    this.codes.set(code, {
      user: params.get('user') ?? FAKE_AMAZON_USER,
      redirectUri,
      challenge,
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    });
    back.searchParams.set('code', code);
    return { redirectTo: back.toString() };
  }

  /** Login with Amazon's token endpoint (RFC 6749 section 5): status and JSON body. */
  token(
    form: URLSearchParams,
    authorization: string | undefined,
  ): { status: number; body: Record<string, unknown>; basic?: boolean } {
    const error = (status: number, code: string, description: string) => ({
      status,
      body: { error: code, error_description: description },
    });
    let clientId = form.get('client_id');
    let clientSecret = form.get('client_secret');
    const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? '');
    if (basic) {
      const [id, ...secret] = Buffer.from(basic[1]!, 'base64').toString().split(':');
      clientId = decodeURIComponent(id ?? '');
      clientSecret = decodeURIComponent(secret.join(':'));
    }
    if (!clientId || !clientSecret) return error(401, 'invalid_client', 'Client authentication is missing.');
    if (clientId !== this.settings.lwaClientId || !sameSecret(clientSecret, this.settings.lwaClientSecret)) {
      return { ...error(401, 'invalid_client', 'Client authentication failed.'), basic: Boolean(basic) };
    }
    const grantType = form.get('grant_type');
    if (!grantType) return error(400, 'invalid_request', 'grant_type is missing.');
    if (grantType === 'authorization_code') {
      const code = form.get('code');
      const redirectUri = form.get('redirect_uri');
      if (!code || !redirectUri) return error(400, 'invalid_request', 'code and redirect_uri are required.');
      const issued = this.codes.get(code);
      if (!issued || issued.used || issued.expiresAt <= Date.now())
        return error(400, 'invalid_grant', 'The authorization code is invalid, expired or used already.');
      issued.used = true;
      if (issued.redirectUri !== redirectUri)
        return error(400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
      if (issued.challenge) {
        const verifier = form.get('code_verifier');
        if (!verifier) return error(400, 'invalid_grant', 'code_verifier is required.');
        if (createHash('sha256').update(verifier).digest('base64url') !== issued.challenge) {
          return error(400, 'invalid_grant', 'code_verifier does not match the code_challenge.');
        }
      }
      return { status: 200, body: this.issueTokens(issued.user, random('Atzr|')) };
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      if (!refreshToken) return error(400, 'invalid_request', 'refresh_token is required.');
      const known = this.refreshTokens.get(refreshToken);
      if (!known) return error(400, 'invalid_grant', 'The refresh token is invalid or revoked.');
      // LWA keeps the refresh token: it answers the same one with a new access token.
      return { status: 200, body: this.issueTokens(known.user, refreshToken) };
    }
    return error(400, 'unsupported_grant_type', `${grantType} is not supported.`);
  }

  private issueTokens(user: string, refreshToken: string) {
    const accessToken = random('Atza|');
    this.accessTokens.set(accessToken, { user, expiresAt: Date.now() + ACCESS_TTL_S * 1000 });
    this.refreshTokens.set(refreshToken, { user });
    return { access_token: accessToken, refresh_token: refreshToken, token_type: 'bearer', expires_in: ACCESS_TTL_S };
  }

  /** The Amazon user of a request to the Alexa API, from its bearer token. */
  userOf(authorization: string | undefined): string | undefined {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const known = token ? this.accessTokens.get(token) : undefined;
    return known && known.expiresAt > Date.now() ? known.user : undefined;
  }

  /** Skill Enablement API, POST: redeems the skill's authorization code at our token endpoint, as Alexa does. */
  async enable(
    user: string,
    skillId: string,
    body: unknown,
  ): Promise<{ status: number; body?: Record<string, unknown> }> {
    const message = (status: number, text: string) => ({ status, body: { message: text } });
    if (skillId !== this.settings.skillId) return message(404, 'The skill was not found.');
    const request = (body ?? {}) as {
      stage?: unknown;
      accountLinkRequest?: { redirectUri?: unknown; authCode?: unknown; type?: unknown };
    };
    if (request.stage !== this.settings.skillStage)
      return message(400, `stage must be ${this.settings.skillStage} for this skill.`);
    const link = request.accountLinkRequest;
    if (!link || link.type !== 'AUTH_CODE' || typeof link.authCode !== 'string' || !link.authCode) {
      return message(400, 'accountLinkRequest needs type AUTH_CODE and an authCode.');
    }
    if (typeof link.redirectUri !== 'string' || !this.settings.accountLinking.redirectUrls.includes(link.redirectUri)) {
      return message(400, 'accountLinkRequest.redirectUri is not a redirect URL of this skill.');
    }
    const { tokenUrl, clientId, clientSecret } = this.settings.accountLinking;
    let answer: Response;
    let tokens: Record<string, unknown>;
    try {
      answer = await fetch(tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: link.authCode,
          redirect_uri: link.redirectUri,
        }).toString(),
        signal: AbortSignal.timeout(4500), // Alexa gives a skill's token endpoint 4.5 s.
      });
      tokens = (await answer.json()) as Record<string, unknown>;
    } catch {
      return message(500, 'Account linking failed: the skill’s token endpoint did not answer.');
    }
    if (answer.status !== 200 || typeof tokens.access_token !== 'string' || typeof tokens.refresh_token !== 'string') {
      return message(
        400,
        `Account linking failed: the skill’s token endpoint answered ${answer.status} ${String(tokens.error ?? '')}`.trim(),
      );
    }
    const enablement: Enablement = {
      stage: this.settings.skillStage,
      linkedTokens: { access_token: tokens.access_token, refresh_token: tokens.refresh_token },
      enabledAt: new Date().toISOString(),
    };
    this.enablements.set(user, enablement);
    return { status: 201, body: this.enablementBody(user, enablement) };
  }

  enablementBody(user: string, enablement: Enablement) {
    return {
      skill: { stage: enablement.stage, id: this.settings.skillId },
      user: { id: user },
      accountLink: { status: 'LINKED' },
      status: 'ENABLED',
    };
  }

  /** Skill Enablement API, DELETE: Alexa forgets our tokens (it does not call our revocation endpoint). */
  disable(user: string): boolean {
    return this.enablements.delete(user);
  }

  /** Waits as long as the `hang` fault says, or until the fake closes. */
  hang(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.settings.hangMs ?? 60_000);
      timer.unref();
      const pending = this.pendingHangs;
      function done() {
        clearTimeout(timer);
        pending.delete(done);
        resolve();
      }
      pending.add(done);
    });
  }
}

/** The fake's HTTP surface, Amazon's paths under a prefix (AMAZON_FAKE_PATHS). */
export const amazonFakeRoutes: FastifyPluginAsync<{ fake: FakeAmazon }> = async (app, { fake }) => {
  // Amazon's own JSON validation, not the product's: the fake answers as Amazon would.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) =>
    reply.code(error.statusCode && error.statusCode < 500 ? error.statusCode : 500).send({ message: error.message }),
  );
  app.addHook('onClose', async () => fake.releaseHangs());
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  /** The fault switch, for the simulator's "Amazon fails" control and the tests. */
  async function faulted(target: 'token' | 'enablement', reply: FastifyReply): Promise<boolean> {
    const { fault } = fake;
    if (fault.mode === 'none' || (fault.on !== 'all' && fault.on !== target)) return false;
    if (fault.mode === 'hang') {
      await fake.hang();
      await reply
        .code(504)
        .send(
          target === 'token'
            ? { error: 'server_error', error_description: 'Gateway timeout' }
            : { message: 'Gateway timeout' },
        );
      return true;
    }
    await reply
      .code(target === 'token' ? 500 : 503)
      .send(
        target === 'token'
          ? { error: 'server_error', error_description: 'The service is unavailable.' }
          : { message: 'Service Unavailable' },
      );
    return true;
  }

  app.get('/fault', async () => fake.fault);
  app.post('/fault', async (request, reply) => {
    const body = request.body as { mode?: unknown; on?: unknown } | undefined;
    const mode = body?.mode;
    const on = body?.on ?? 'all';
    if (!['none', 'fail', 'hang'].includes(String(mode)) || !['all', 'token', 'enablement'].includes(String(on))) {
      return reply.code(400).send({ message: 'mode must be none, fail or hang; on must be all, token or enablement.' });
    }
    fake.fault =
      mode === 'none' ? { mode: 'none' } : { mode: mode as 'fail' | 'hang', on: on as 'all' | 'token' | 'enablement' };
    if (mode === 'none') fake.releaseHangs();
    return fake.fault;
  });

  const authorizationParams = (request: FastifyRequest) =>
    new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '');

  // A browser that opens either URL consents at once, as a user signed in to Amazon who taps Allow.
  for (const path of [AMAZON_FAKE_PATHS.alexaApp, AMAZON_FAKE_PATHS.lwaAuthorization]) {
    app.get(path, async (request, reply) => {
      const outcome = fake.authorize(authorizationParams(request));
      if ('error' in outcome)
        return reply.code(400).send({ error: outcome.error, error_description: outcome.description });
      return reply.code(302).header('cache-control', 'no-store').redirect(outcome.redirectTo, 302);
    });
  }

  /**
   * The simulator plays the user in the Alexa app or on LWA's page: it posts the URL it was asked to open (or its
   * parameters), and whether the user allows; it is told where Amazon sends the user back.
   */
  app.post('/authorize', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    let params: URLSearchParams;
    if (typeof body.url === 'string') {
      try {
        params = new URL(body.url).searchParams;
      } catch {
        return reply.code(400).send({ error: 'invalid_request', error_description: 'url is not a URL.' });
      }
    } else {
      params = new URLSearchParams(
        Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    }
    const decision = body.decision === 'deny' ? 'deny' : 'allow';
    const outcome = fake.authorize(params, decision);
    if ('error' in outcome)
      return reply.code(400).send({ error: outcome.error, error_description: outcome.description });
    return { redirect_to: outcome.redirectTo };
  });

  app.post(AMAZON_FAKE_PATHS.lwaToken, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await faulted('token', reply)) return reply;
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const { status, body, basic } = fake.token(form, request.headers.authorization);
    if (basic) reply.header('www-authenticate', 'Basic realm="Login with Amazon"');
    return reply.code(status).send(body);
  });

  const enablementPath = `${AMAZON_FAKE_PATHS.api}/v1/users/~current/skills/:skillId/enablement`;
  const userOrRefuse = (request: FastifyRequest, reply: FastifyReply) => {
    const user = fake.userOf(request.headers.authorization);
    if (!user) void reply.code(401).send({ message: 'The access token is invalid or has expired.' });
    return user;
  };

  app.post(enablementPath, async (request, reply) => {
    if (await faulted('enablement', reply)) return reply;
    const user = userOrRefuse(request, reply);
    if (!user) return reply;
    const { status, body } = await fake.enable(user, (request.params as { skillId: string }).skillId, request.body);
    return reply.code(status).send(body);
  });

  app.get(enablementPath, async (request, reply) => {
    if (await faulted('enablement', reply)) return reply;
    const user = userOrRefuse(request, reply);
    if (!user) return reply;
    const enablement =
      (request.params as { skillId: string }).skillId === fake.settings.skillId ? fake.enablement(user) : undefined;
    if (!enablement) return reply.code(404).send({ message: 'The skill is not enabled for this user.' });
    return fake.enablementBody(user, enablement);
  });

  app.delete(enablementPath, async (request, reply) => {
    if (await faulted('enablement', reply)) return reply;
    const user = userOrRefuse(request, reply);
    if (!user) return reply;
    const disabled = (request.params as { skillId: string }).skillId === fake.settings.skillId && fake.disable(user);
    if (!disabled) return reply.code(404).send({ message: 'The skill is not enabled for this user.' });
    return reply.code(204).send();
  });
};

/** The fake on a port of its own (tests): its base URL, its state, and a way to stop it. */
export async function startFakeAmazon(settings: FakeAmazonSettings) {
  const fake = new FakeAmazon(settings);
  const server = Fastify({ logger: false, forceCloseConnections: true });
  await server.register(amazonFakeRoutes, { fake });
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    fake,
    url: address,
    async close() {
      fake.releaseHangs();
      await server.close();
    },
  };
}
