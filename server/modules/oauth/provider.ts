import { generateKeyPairSync, randomBytes } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/database.ts';
import { findAccountById } from '../accounts/public.ts';
import { isPublicClient, type LinkingClient, requiresPkce } from './clients.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseOutage } from '../../http/errors.ts';
import { renderErrorPage } from './error-page.ts';
import { kyselyAdapter } from './kysely-adapter.ts';
import { guardRedirects } from './redirect-uris.ts';
import { keepRefreshAnswers } from './refresh-replay.ts';
import { rotateAtomically, tokenRequestDb } from './token-transaction.ts';

/**
 * Lifetimes in seconds. Access tokens outlive Alexa's 360 s minimum; codes are single-use and short. An interaction
 * is stored by every authorization request that needs a sign-in, before anyone has signed in: ten minutes to sign
 * in, then the link starts again from the client (the rows one address can keep are its authorization requests'
 * limit times this).
 */
export const OAUTH_TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  RefreshToken: 60 * 60 * 24 * 90,
  Interaction: 60 * 10,
  Session: 60 * 60 * 24 * 14,
  Grant: 60 * 60 * 24 * 365,
} as const;

/**
 * A grant's lifetime until a code of it is redeemed (seconds): a sign-in, an App Flip or an Alexa app-to-app call
 * whose code nobody redeems must not leave a year-long grant behind. Its code lives 60 s; the rest is time for the
 * browser to come back from the web login to the authorization endpoint. Redeeming the code gives the grant its
 * year (`slideGrantOnUse`).
 */
export const UNREDEEMED_GRANT_TTL = 10 * 60;

/** Saves a new grant of a client to an account, for one link, living `UNREDEEMED_GRANT_TTL` until its code is redeemed. */
export function saveUnredeemedGrant(
  provider: Provider,
  { accountId, clientId, scope }: { accountId: string; clientId: string; scope: string },
): Promise<string> {
  const grant = new provider.Grant({ accountId, clientId });
  if (scope) grant.addOIDCScope(scope);
  grant.exp = Math.floor(Date.now() / 1000) + UNREDEEMED_GRANT_TTL;
  return grant.save();
}

/** What a linked service may do; the consent text is built from these. */
export const OAUTH_SCOPES = ['mower:read', 'mower:control'] as const;

export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  end_session: '/oauth/logout',
} as const;

/** Parameters of the real product's links that we accept and keep (`channel`), and clients' language hints. */
const EXTRA_PARAMS = ['channel', 'lang', 'user_locale', 'locale'];

export interface OAuthProviderOptions {
  db: Db;
  issuer: string;
  clients: readonly LinkingClient[];
  /** Keys that sign the interaction cookies; the first signs, all verify (rotation). */
  cookieKeys?: string[];
}

/**
 * oidc-provider wants a signing key even though plain OAuth 2.0 issues no ID tokens and our access tokens are
 * opaque; a key made at start-up serves (nothing signed with it outlives the process).
 */
function ephemeralSigningKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: randomBytes(8).toString('hex') };
}

/**
 * RFC 6749 section 3.3: a request without `scope` gets the pre-defined default, every scope a linking client may
 * hold. Generic clients send none (Home Assistant unless configured; Alexa's scope field is optional), and without
 * this the user would sign in only for the client to receive `access_denied`. The token response then names the
 * scopes granted (section 5.1).
 */
async function defaultScope(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  if (ctx.path === OAUTH_ROUTES.authorization && ctx.method === 'GET' && !ctx.query.scope) {
    ctx.query = { ...ctx.query, scope: OAUTH_SCOPES.join(' ') };
  }
  await next();
}

/**
 * A link lives as long as it is used: redeeming its code, and then each refresh, moves its grant's end a full
 * `OAUTH_TTL.Grant` on, so an integration that refreshes every hour (Home Assistant, Google, Alexa) never has to
 * sign in again, and a link nobody used for a year ends by itself. Until its code is redeemed a grant lives
 * `UNREDEEMED_GRANT_TTL` only.
 */
async function slideGrantOnUse(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  const grantType = ctx.oidc?.params?.grant_type;
  if (
    ctx.path !== OAUTH_ROUTES.token ||
    ctx.status !== 200 ||
    (grantType !== 'refresh_token' && grantType !== 'authorization_code')
  )
    return;
  const grant = ctx.oidc.entities.Grant;
  if (!grant) return;
  grant.exp = Math.floor(Date.now() / 1000) + OAUTH_TTL.Grant;
  await grant.save();
}

/**
 * oidc-provider answers any error it did not throw on purpose `500 server_error`, and logs nothing. The database
 * being away (restarting, failing over, a full disk) is neither the client's fault nor a bug: the request changed
 * nothing (`rotateAtomically`) and may be sent again shortly, so it is a 503 with `Retry-After`, `temporarily_
 * unavailable` (RFC 6749 4.1.2.1's word for it) in the OAuth error shape, or the error page for a browser. Every
 * server error is emitted as `server_error`, which the routes log (oauth-routes.ts).
 */
function answerOutages(provider: Provider) {
  const outages = new WeakSet<object>();
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: unknown) => {
    if (isDatabaseOutage(error)) outages.add(ctx);
  });
  return async function answerOutages(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
    try {
      await next();
    } catch (error) {
      // Thrown outside the provider's routes (the token request's commit): as its routes would answer it.
      ctx.status = 500;
      ctx.body = { error: 'server_error', error_description: 'oops! something went wrong' };
      provider.emit('server_error', ctx, error);
    }
    if (!outages.has(ctx)) return;
    const out = {
      error: 'temporarily_unavailable',
      error_description: 'The service is briefly unavailable. Try again in a moment.',
    };
    ctx.status = 503;
    ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    ctx.set('Cache-Control', 'no-store');
    if (ctx.accepts('json', 'html') === 'html') renderErrorPage(ctx, out);
    else ctx.body = out;
  };
}

/**
 * The OAuth 2.0 authorization server for account linking, on oidc-provider (an OpenID Certified
 * implementation) configured for plain OAuth 2.0: authorization code with PKCE S256 (required of public clients
 * and of those registered so, honoured from all), redirect URIs as registered (redirect-uris.ts), opaque access tokens, rotating refresh
 * tokens, revocation (docs/decisions/005-oauth-server.md).
 */
export function createOAuthProvider({ db, issuer, clients, cookieKeys }: OAuthProviderOptions): Provider {
  const registered = new Map(clients.map((client) => [client.client_id, client]));
  const configuration: Configuration = {
    adapter: kyselyAdapter(db),
    clients: clients.map((client) => ({
      client_id: client.client_id,
      client_name: client.client_name,
      redirect_uris: [...client.redirect_uris],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // oidc-provider takes one method per client: a secret sent in the form body is moved into the Basic header
      // before it sees the request, when the registration allows the body (oauth-routes.ts).
      ...(isPublicClient(client)
        ? { token_endpoint_auth_method: 'none' }
        : { token_endpoint_auth_method: 'client_secret_basic', client_secret: client.client_secret }),
      scope: OAUTH_SCOPES.join(' '),
      kind: client.kind,
    })),
    extraClientMetadata: { properties: ['kind'] },
    extraParams: EXTRA_PARAMS,
    scopes: [...OAUTH_SCOPES],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    // `none` (a public client, identified by its id) only where one is registered.
    clientAuthMethods: [
      'client_secret_basic',
      'client_secret_post',
      ...(clients.some(isPublicClient) ? (['none'] as const) : []),
    ],
    jwks: { keys: [ephemeralSigningKey()] },
    allowOmittingSingleRegisteredRedirectUri: false,
    // RFC 9700 2.1.1: PKCE from public clients always; a confidential client authenticates the code's redemption
    // with its secret, and the real ones (Google, Home Assistant, Alexa unless switched on) send no challenge. A
    // challenge sent is always enforced, and a code_verifier for a code issued without one is refused (downgrade).
    pkce: {
      required: (_ctx, client) => {
        const linking = registered.get(client.clientId);
        return !linking || requiresPkce(linking);
      },
    },
    // Every link asks: only the grant the user has just agreed to is used, never one an earlier sign-in in this
    // browser left in the provider's session. So each link is a grant of its own (two Home Assistant instances,
    // unlinked one by one), and the next person on a shared phone never gets the first person's account.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    ttl: { ...OAUTH_TTL },
    rotateRefreshToken: true,
    // A link lives as long as its grant and refresh tokens, not as long as the browser sign-in that made it: tokens
    // bound to that session would stop working when it ends (14 days), and App Flip and Alexa's app-to-app codes
    // have no session at all.
    expiresWithSession: () => false,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Revoking any token of a link (RFC 7009) ends the link: oidc-provider revokes every token of the grant then, the
    // refresh token included, but by default keeps the grant of a revoked access token, which would keep what was
    // opened under it (a live stream, Google's reports) going for the grant's year (decision record 036).
    revokeGrantPolicy: () => true,
    async findAccount(_ctx, id) {
      const account = await findAccountById(tokenRequestDb(db), id);
      return account ? { accountId: account.id, claims: () => ({ sub: account.id }) } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/oauth/interaction/${interaction.uid}` },
    cookies: {
      keys: cookieKeys ?? [randomBytes(32).toString('base64url')],
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
    },
    routes: OAUTH_ROUTES,
    renderError: (ctx: KoaContextWithOIDC, out) => renderErrorPage(ctx, out),
    clientBasedCORS: () => false,
  };
  const provider = new Provider(issuer, configuration);
  // Outermost first: an outage anywhere within, the token request's commit included, becomes a 503.
  provider.use(answerOutages(provider));
  // Then the redirect guard, so that it sees every answer the authorization endpoint gives last.
  guardRedirects(provider, registered, OAUTH_ROUTES.authorization);
  provider.use(rotateAtomically(db, OAUTH_ROUTES.token));
  provider.use(defaultScope);
  provider.use(slideGrantOnUse);
  provider.use(keepRefreshAnswers(db));
  // Koa reads the origin of the URLs it makes (the metadata's endpoints, the redirects) from X-Forwarded-Proto and
  // -Host: the routes set them to the issuer's, whatever the request said (oauth-routes.ts, forwardAsResolved).
  provider.proxy = true;
  return provider;
}
