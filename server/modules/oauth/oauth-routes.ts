import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { oauthApi } from '../../../common/api/oauth.ts';
import { parseAcceptLanguage, resolveLanguage } from '../../../common/languages.ts';
import type { Db } from '../../db/database.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { HttpError, isDatabaseOutage } from '../../http/errors.ts';
import { type ApiHandlers, serveApi } from '../../http/serve-api.ts';
import { type LoginThrottle, signIn } from '../accounts/public.ts';
import { authMethodsOf, type ClientAuthMethod, isPublicClient, type LinkingClient } from './clients.ts';
import { OAUTH_TTL, saveUnredeemedGrant } from './provider.ts';
import { type ConfirmedConsent, redirectHost, redirectStanding } from './redirect-uris.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The handlers of the interaction endpoints of the API table (common/api/oauth.ts). */
type InteractionHandlers = ApiHandlers<(typeof oauthApi)['routes']>;

const expired = () =>
  new HttpError(
    400,
    'interaction_expired',
    'This sign-in has expired. Start linking again from the app you came from.',
  );

/** The web login pages of contract section 4: Alexa's own, and one for Google and third parties. */
export const LOGIN_PAGES = {
  alexa: '/smartHome/alexa/installNavimow',
  google: '/smartHome/login',
  hornbach: '/smartHome/login',
  third_party: '/smartHome/login',
} as const;

/** The client a login page link means when it names only its `channel` (the LoxBerry plugin's link). */
const CHANNEL_CLIENTS: Readonly<Record<string, string>> = { homeassistant: 'homeassistant' };

/**
 * The authorization request a login page link carries (its query, as sent), for the authorization endpoint: the link
 * itself when it names a response type; for a channel's link with a redirect URI and no client (LoxBerry's
 * `channel=homeassistant&redirect_uri=…`), that channel's client's code request. Undefined: a plain visit.
 */
export function authorizationRequestOf(query: string): string | undefined {
  const params = new URLSearchParams(query);
  if (params.has('response_type')) return query;
  const clientId = CHANNEL_CLIENTS[params.get('channel') ?? ''];
  if (clientId === undefined || params.has('client_id') || !params.has('redirect_uri')) return undefined;
  return `${new URLSearchParams({ response_type: 'code', client_id: clientId })}&${query}`;
}

/** A Basic header's client id (RFC 6749 2.3.1: form-encoded before Base64), or undefined if it has none. */
function basicClientId(header: string): string | undefined {
  const [scheme, value] = header.split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !value) return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * RFC 6749 2.3.1 lets a client send its secret as HTTP Basic or in the form body; oidc-provider takes either from
 * any client. A registration may allow only one (`token_endpoint_auth_methods`, clients.ts): answers whether this
 * request sends its secret a way its client's registration does not allow. Other faults are oidc-provider's to name.
 */
function usesRefusedAuthMethod(
  request: FastifyRequest,
  body: string,
  clients: ReadonlyMap<string, LinkingClient>,
): boolean {
  const params = new URLSearchParams(body);
  const header = request.headers.authorization;
  const [method, clientId]: [ClientAuthMethod, string | null | undefined] = header
    ? ['client_secret_basic', basicClientId(header)]
    : ['client_secret_post', params.get('client_secret') ? params.get('client_id') : undefined];
  const client = clientId ? clients.get(clientId) : undefined;
  return client !== undefined && !isPublicClient(client) && !authMethodsOf(client).includes(method);
}

/**
 * oidc-provider is a Koa app, and Koa makes the URLs it sends (the metadata's endpoints, the redirects) from the
 * request's `Host`, or from `X-Forwarded-Host` and `-Proto` behind a proxy, as any sender wrote them: a client could
 * make them name its own host, and a `Host` that is no host (`[`) made the metadata a 500. They name the issuer's
 * origin (`PUBLIC_URL`), always. The client's address is the one Fastify believed of `TRUST_PROXY`'s proxies
 * (server/http/client-address.ts).
 */
function forwardAsResolved(request: FastifyRequest, issuer: URL): void {
  const headers = request.raw.headers;
  headers['x-forwarded-host'] = issuer.host;
  headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
  headers['x-forwarded-for'] = request.ip;
}

export interface OAuthRoutesOptions {
  db: Db;
  provider: Provider;
  clients: readonly LinkingClient[];
  throttle: LoginThrottle;
  /** Flood limit per client address on the token and revocation endpoints. */
  tokenRequestsPerMinute: number;
  /** Flood limit per client address on the authorization endpoint (each request stores an interaction). */
  authorizeRequestsPerMinute: number;
  /** Flood limit per client address on the web login's sign-in, the app's sign-in's own. */
  loginRequestsPerMinute: number;
}

/**
 * Sign-ins one interaction takes, right or wrong, in its lifetime: a user who mistypes a few times gets through, and
 * a script repeating a sign-in on one interaction pays an argon2 check and a grant ten times, not for ever.
 */
export const SIGN_INS_PER_INTERACTION = 10;

/**
 * The authorization server's HTTP surface: the provider's own endpoints (metadata, authorize, token, revoke)
 * and the interaction endpoints behind the web login pages.
 */
export const oauthRoutes: FastifyPluginAsyncZod<OAuthRoutesOptions> = async (
  app,
  { db, provider, clients, throttle, tokenRequestsPerMinute, authorizeRequestsPerMinute, loginRequestsPerMinute },
) => {
  const byId = new Map(clients.map((client) => [client.client_id, client]));
  // Every request this plugin hands to the provider, the interaction routes' included.
  const issuer = new URL(provider.issuer);
  app.addHook('onRequest', async (request) => forwardAsResolved(request, issuer));
  const clientKind = (clientId: string | undefined) => (clientId && byId.get(clientId)?.kind) || 'third_party';
  // oidc-provider logs nothing itself; the database being away is answered 503 (provider.ts), a bug 500.
  provider.on('server_error', (ctx: { method: string; path: string }, error: unknown) => {
    app.log.error(
      { err: error, method: ctx.method, path: ctx.path },
      isDatabaseOutage(error) ? 'database unavailable' : 'OAuth server error',
    );
  });

  // The provider's answers in progress. Fastify's close waits for open connections, not for these: a client that
  // hangs up mid-refresh leaves its rotation running, and the database must stay open until it is done.
  const answering = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(answering);
  });

  /** Hands a request to oidc-provider (its own Koa app) as `url`; Fastify sends nothing itself. */
  function delegate(request: FastifyRequest, reply: FastifyReply, url = request.raw.url) {
    reply.hijack();
    request.raw.url = url;
    const answer = provider
      .callback()(request.raw, reply.raw)
      .finally(() => answering.delete(answer));
    answering.add(answer);
    return answer;
  }

  const refusedAuth = new WeakSet<FastifyRequest>();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (request, body, done) => {
      if (usesRefusedAuthMethod(request, body as string, byId)) refusedAuth.add(request);
      // oidc-provider reads the body itself, from the raw request.
      (request.raw as typeof request.raw & { body?: string }).body = body as string;
      done(null, body);
    },
  );

  /** The token and revocation endpoints: oidc-provider's, after the registration's choice of client authentication. */
  function clientAuthenticated(request: FastifyRequest, reply: FastifyReply, url?: string) {
    if (!refusedAuth.has(request)) return delegate(request, reply, url);
    // RFC 6749 5.2: invalid_client, 401, with the scheme the client may use instead when that is Basic.
    if (request.headers.authorization === undefined) reply.header('WWW-Authenticate', 'Basic realm="navimow"');
    return reply
      .code(401)
      .header('Cache-Control', 'no-store')
      .send({ error: 'invalid_client', error_description: 'this client is not registered to authenticate this way' });
  }

  app.get('/.well-known/oauth-authorization-server', (request, reply) =>
    delegate(request, reply, '/.well-known/openid-configuration'),
  );
  app.get('/.well-known/openid-configuration', (request, reply) => delegate(request, reply));
  // Each authorization request that needs a sign-in stores an interaction (provider.ts, OAUTH_TTL.Interaction).
  app.get(
    '/oauth/authorize',
    { config: { rateLimit: { max: authorizeRequestsPerMinute, timeWindow: '1 minute' } } },
    (request, reply) => delegate(request, reply),
  );
  app.get('/oauth/authorize/:uid', (request, reply) => delegate(request, reply));
  app.get('/oauth/jwks', (request, reply) => delegate(request, reply));
  app.post(
    '/oauth/token',
    { config: { rateLimit: { max: tokenRequestsPerMinute, timeWindow: '1 minute' } } },
    (request, reply) => clientAuthenticated(request, reply),
  );
  // The token endpoint where clients written for the Navimow cloud call it (Home Assistant's OAUTH2_TOKEN). A refresh
  // token that no longer works is answered 401 there, not RFC 6749's 400: NavimowHA asks the user to sign in again
  // only on a 401 or 403, and takes a 400 for a passing fault to retry for ever (docs/decisions/016-…).
  const navimowTokenRequests = new WeakSet<IncomingMessage>();
  provider.use(async (ctx, next) => {
    await next();
    if (!navimowTokenRequests.has(ctx.req) || ctx.status !== 400 || ctx.oidc?.params?.grant_type !== 'refresh_token')
      return;
    if ((ctx.body as { error?: unknown } | undefined)?.error === 'invalid_grant') ctx.status = 401;
  });
  app.post(
    '/openapi/oauth/getAccessToken',
    { config: { rateLimit: { max: tokenRequestsPerMinute, timeWindow: '1 minute' } } },
    (request, reply) => {
      navimowTokenRequests.add(request.raw);
      return clientAuthenticated(
        request,
        reply,
        `/oauth/token${request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''}`,
      );
    },
  );
  app.post(
    '/oauth/revoke',
    { config: { rateLimit: { max: tokenRequestsPerMinute, timeWindow: '1 minute' } } },
    (request, reply) => clientAuthenticated(request, reply),
  );

  const details = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch (error) {
      // The database away is not an expired sign-in: a 503 (errors.ts), and the same page works once it is back.
      if (isDatabaseOutage(error)) throw error;
      throw expired();
    }
  };

  /** Where the provider sends the browser: on to the right login page, in the client's language. */
  app.get('/oauth/interaction/:uid', async (request, reply) => {
    const interaction = await details(request, reply);
    const params = interaction.params as Record<string, string | undefined>;
    const language = resolveLanguage(
      params.lang ?? params.ui_locales?.split(' ')[0] ?? params.user_locale ?? params.locale,
      parseAcceptLanguage(request.headers['accept-language']),
    );
    const page = new URLSearchParams({ interaction: interaction.uid, lang: language });
    if (params.channel) page.set('channel', params.channel);
    return reply
      .code(303)
      .header('Cache-Control', 'no-store')
      .redirect(`${LOGIN_PAGES[clientKind(params.client_id)]}?${page}`, 303);
  });

  /** What the login page shows: who asks, for what. */
  const interactionDetails: InteractionHandlers['interactionDetails'] = async (request, reply) => {
    const interaction = await details(request, reply);
    const client = await provider.Client.find(String(interaction.params.client_id));
    // A client taken off the list since the authorization request began cannot be linked any more.
    if (!client) throw expired();
    reply.header('Cache-Control', 'no-store');
    const { channel } = interaction.params;
    return {
      client: {
        id: client.clientId,
        name: String(client.clientName ?? client.clientId),
        kind: clientKind(client.clientId),
      },
      scopes: String(interaction.params.scope ?? '')
        .split(' ')
        .filter(Boolean),
      channel: typeof channel === 'string' ? channel : null,
    };
  };

  // Counted per interaction over its whole life, in the rate limit's store (the database's when several processes
  // share it), once the interaction is known to exist: a made-up uid leaves no count behind.
  const signInsOfInteraction = app.createRateLimit({
    max: SIGN_INS_PER_INTERACTION,
    timeWindow: OAUTH_TTL.Interaction * 1000,
    keyGenerator: (request) => `interaction ${(request.params as { uid: string }).uid}`,
  });

  /** Saves this link's grant for the signed-in account and answers where the browser goes next (the resume). */
  async function grantLink(
    request: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    accountId: string,
    consent: Omit<ConfirmedConsent, 'grantId'> = {},
  ) {
    // A new grant for every link, whoever signed in before in this browser (provider.ts, loadExistingGrant); minutes
    // long until its code is redeemed, so that sign-ins nobody finishes leave nothing behind.
    const grantId = await saveUnredeemedGrant(provider, {
      accountId,
      clientId: String(interaction.params.client_id),
      scope: String(interaction.params.scope ?? ''),
    });
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId }, consent: { ...consent, grantId } },
      { mergeWithLastSubmission: false },
    );
    reply.header('Cache-Control', 'no-store');
    return { redirect_to: redirectTo };
  }

  /** The redirect URI of an interaction that the user must confirm by its host before it gets a code, if it is one. */
  function toConfirm(params: Interaction['params']): string | undefined {
    const client = byId.get(String(params.client_id));
    const uri = String(params.redirect_uri);
    return client && redirectStanding(client, uri) === 'after_consent' ? uri : undefined;
  }

  /**
   * "Agree and Link": signs in and grants the client's request in one step; answers where to go next. For a redirect
   * URI only confirmed on the consent screen (redirect-uris.ts) it signs in only, and answers the host to name there.
   */
  const interactionLogin: InteractionHandlers['interactionLogin'] = {
    options: { config: { rateLimit: { max: loginRequestsPerMinute, timeWindow: '1 minute' } } },
    handler: async (request, reply) => {
      const interaction = await details(request, reply);
      const counted = await signInsOfInteraction(request);
      if (!counted.isAllowed && counted.isExceeded) {
        throw new HttpError(
          429,
          'rate_limited',
          'Too many sign-ins on this link. Start linking again from the app you came from.',
        );
      }
      const account = await signIn(db, throttle, request.body, clientAddressKey(request.ip));
      const unconfirmed = toConfirm(interaction.params);
      if (unconfirmed === undefined) return grantLink(request, reply, interaction, account.id);

      // Kept in this browser's interaction only (its cookie), for the confirmation that follows.
      await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: account.id } },
        { mergeWithLastSubmission: false },
      );
      reply.header('Cache-Control', 'no-store');
      return { confirm_host: redirectHost(unconfirmed) };
    },
  };

  /** "Continue" on the consent screen that named the redirect's host: grants the link signed in for just before. */
  const interactionConfirm: InteractionHandlers['interactionConfirm'] = async (request, reply) => {
    const interaction = await details(request, reply);
    const accountId = interaction.result?.login?.accountId;
    const uri = toConfirm(interaction.params);
    if (!accountId || uri === undefined) {
      throw new HttpError(409, 'not_signed_in', 'Sign in first: there is nothing to confirm yet.');
    }
    return grantLink(request, reply, interaction, accountId, { confirmed_redirect_uri: uri });
  };

  /** "Cancel": the client gets `error=access_denied` with its `state`. */
  const interactionAbort: InteractionHandlers['interactionAbort'] = async (request, reply) => {
    await details(request, reply);
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'The user did not link the account.' },
      { mergeWithLastSubmission: false },
    );
    reply.header('Cache-Control', 'no-store');
    return { redirect_to: redirectTo };
  };

  serveApi(app, oauthApi, { interactionDetails, interactionLogin, interactionConfirm, interactionAbort });
};

export type { FastifyInstance };
