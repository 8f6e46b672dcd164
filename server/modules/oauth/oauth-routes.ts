import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { parseAcceptLanguage, resolveLanguage } from '../../../common/languages.ts';
import type { Db } from '../../db/database.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { HttpError } from '../../http/errors.ts';
import { credentialsSchema, type LoginThrottle, signIn } from '../accounts/public.ts';
import type { LinkingClient } from './clients.ts';

/** The web login pages of contract section 4: Alexa's own, and one for Google and third parties. */
export const LOGIN_PAGES = {
  alexa: '/smartHome/alexa/installNavimow',
  google: '/smartHome/login',
  hornbach: '/smartHome/login',
  third_party: '/smartHome/login',
} as const;

function urlencodedBodyToBasic(request: FastifyRequest, body: string): string {
  // RFC 6749 2.3.1 lets clients send their credentials in the body or as HTTP Basic. oidc-provider accepts
  // one method per client; the registered one is Basic, so credentials in the body are moved there.
  const params = new URLSearchParams(body);
  const id = params.get('client_id');
  const secret = params.get('client_secret');
  if (!request.headers.authorization && id && secret) {
    const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
    request.raw.headers.authorization = `Basic ${Buffer.from(`${encode(id)}:${encode(secret)}`).toString('base64')}`;
    params.delete('client_secret');
    params.delete('client_id');
  }
  return params.toString();
}

export interface OAuthRoutesOptions {
  db: Db;
  provider: Provider;
  clients: readonly LinkingClient[];
  throttle: LoginThrottle;
  /** Flood limit per client address on the token and revocation endpoints. */
  tokenRequestsPerMinute: number;
}

/**
 * The authorization server's HTTP surface: the provider's own endpoints (metadata, authorize, token, revoke)
 * and the interaction endpoints behind the web login pages.
 */
export const oauthRoutes: FastifyPluginAsyncZod<OAuthRoutesOptions> = async (app, { db, provider, clients, throttle, tokenRequestsPerMinute }) => {
  const clientKind = (clientId: string | undefined) => clients.find((client) => client.client_id === clientId)?.kind ?? 'third_party';

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
    const answer = provider.callback()(request.raw, reply.raw).finally(() => answering.delete(answer));
    answering.add(answer);
    return answer;
  }

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (request, body, done) => {
    const normalised = urlencodedBodyToBasic(request, body as string);
    (request.raw as typeof request.raw & { body?: string }).body = normalised;
    done(null, normalised);
  });

  app.get('/.well-known/oauth-authorization-server', (request, reply) =>
    delegate(request, reply, '/.well-known/openid-configuration'),
  );
  app.get('/.well-known/openid-configuration', (request, reply) => delegate(request, reply));
  app.get('/oauth/authorize', (request, reply) => delegate(request, reply));
  app.get('/oauth/authorize/:uid', (request, reply) => delegate(request, reply));
  app.get('/oauth/jwks', (request, reply) => delegate(request, reply));
  app.post('/oauth/token', { config: { rateLimit: { max: tokenRequestsPerMinute, timeWindow: '1 minute' } } }, (request, reply) =>
    delegate(request, reply),
  );
  // The token endpoint where clients written for the Navimow cloud call it (Home Assistant's OAUTH2_TOKEN).
  app.post(
    '/openapi/oauth/getAccessToken',
    { config: { rateLimit: { max: tokenRequestsPerMinute, timeWindow: '1 minute' } } },
    (request, reply) => delegate(request, reply, `/oauth/token${request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''}`),
  );
  app.post('/oauth/revoke', { config: { rateLimit: { max: tokenRequestsPerMinute, timeWindow: '1 minute' } } }, (request, reply) =>
    delegate(request, reply),
  );

  const details = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      throw new HttpError(400, 'interaction_expired', 'This sign-in has expired. Start linking again from the app you came from.');
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
    return reply.code(303).header('Cache-Control', 'no-store').redirect(`${LOGIN_PAGES[clientKind(params.client_id)]}?${page}`, 303);
  });

  /** What the login page shows: who asks, for what. */
  app.get('/oauth/interaction/:uid/details', async (request, reply) => {
    const interaction = await details(request, reply);
    const client = await provider.Client.find(String(interaction.params.client_id));
    reply.header('Cache-Control', 'no-store');
    return {
      client: { id: client?.clientId, name: client?.clientName, kind: clientKind(client?.clientId) },
      scopes: String(interaction.params.scope ?? '').split(' ').filter(Boolean),
      channel: interaction.params.channel ?? null,
    };
  });

  /** "Agree and Link": signs in and grants the client's request in one step; answers where to go next. */
  app.post('/oauth/interaction/:uid/login', { schema: { body: credentialsSchema } }, async (request, reply) => {
    const interaction = await details(request, reply);
    const account = await signIn(db, throttle, request.body, clientAddressKey(request.ip));

    const clientId = String(interaction.params.client_id);
    const grant = interaction.grantId
      ? await provider.Grant.find(interaction.grantId)
      : new provider.Grant({ accountId: account.id, clientId });
    if (!grant) throw new HttpError(400, 'interaction_expired', 'This sign-in has expired. Start linking again.');
    const scope = String(interaction.params.scope ?? '');
    if (scope) grant.addOIDCScope(scope);
    const grantId = await grant.save();
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: account.id }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    reply.header('Cache-Control', 'no-store');
    return { redirect_to: redirectTo };
  });

  /** "Cancel": the client gets `error=access_denied` with its `state`. */
  app.post('/oauth/interaction/:uid/abort', async (request, reply) => {
    await details(request, reply);
    const redirectTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'The user did not link the account.' },
      { mergeWithLastSubmission: false },
    );
    reply.header('Cache-Control', 'no-store');
    return { redirect_to: redirectTo };
  });
};

export type { FastifyInstance };
