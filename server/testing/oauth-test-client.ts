import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO } from '../db/seed.ts';

/** A browser stand-in for API tests: keeps cookies across `inject` calls and follows the linking flow. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    for (const cookie of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

export interface AuthorizeOptions {
  clientId?: string;
  redirectUri?: string;
  state?: string;
  challenge?: string | null;
  /** `null` leaves the parameter out, as generic clients such as Home Assistant do. */
  scope?: string | null;
  extra?: Record<string, string>;
}

export async function startAuthorization(app: FastifyInstance, jar: CookieJar, options: AuthorizeOptions = {}) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId ?? 'demo-client',
    redirect_uri: options.redirectUri ?? 'http://127.0.0.1:8765/callback',
    state: options.state ?? 'state-123',
    ...(options.scope !== null && { scope: options.scope ?? 'mower:read mower:control' }),
    ...(options.challenge !== null && {
      code_challenge: options.challenge ?? pkcePair().challenge,
      code_challenge_method: 'S256',
    }),
    ...options.extra,
  });
  const response = await app.inject({
    method: 'GET',
    url: `/oauth/authorize?${query}`,
    headers: { cookie: jar.header() },
  });
  jar.store(response);
  return response;
}

/** Runs authorize, the login page's "Agree and Link" and the resume; answers the final redirect. */
export async function linkAccount(
  app: FastifyInstance,
  options: AuthorizeOptions & { account?: string; password?: string; jar?: CookieJar } = {},
) {
  const jar = options.jar ?? new CookieJar();
  const authorize = await startAuthorization(app, jar, options);
  const interactionPath = authorize.headers.location!;
  const uid = interactionPath.split('/').at(-1)!;
  const login = await app.inject({
    method: 'POST',
    url: `/oauth/interaction/${uid}/login`,
    headers: { cookie: jar.header() },
    payload: { account: options.account ?? DEMO.owner.email, password: options.password ?? DEMO.owner.password },
  });
  jar.store(login);
  if (login.statusCode !== 200) return { login, jar, uid };
  const resume = await app.inject({
    method: 'GET',
    url: login.json<{ redirect_to: string }>().redirect_to,
    headers: { cookie: jar.header() },
  });
  jar.store(resume);
  return { login, resume, jar, uid, location: new URL(resume.headers.location!) };
}

export function exchangeCode(
  app: FastifyInstance,
  code: string,
  verifier: string,
  {
    clientId = 'demo-client',
    secret = 'demo-secret',
    redirectUri = 'http://127.0.0.1:8765/callback',
    inBody = false,
  } = {},
) {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri,
  });
  if (inBody) {
    form.set('client_id', clientId);
    form.set('client_secret', secret);
  }
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(!inBody && { authorization: basic(clientId, secret) }),
    },
    payload: form.toString(),
  });
}

/** A linking client as a test signs in and redeems codes through it. */
export interface TestClient {
  clientId: string;
  secret: string;
  redirectUri: string;
}

/** The demo's linking clients (server/modules/oauth/clients.ts, `DEMO_CLIENTS`), one redirect URI each. */
export const TEST_CLIENTS = {
  demo: { clientId: 'demo-client', secret: 'demo-secret', redirectUri: 'http://127.0.0.1:8765/callback' },
  homeAssistant: {
    clientId: 'homeassistant',
    secret: 'homeassistant-demo-secret',
    redirectUri: 'https://my.home-assistant.io/redirect/oauth',
  },
  google: {
    clientId: 'google',
    secret: 'google-demo-secret',
    redirectUri: 'https://oauth-redirect.googleusercontent.com/r/navimow-demo',
  },
  alexa: {
    clientId: 'alexa',
    secret: 'alexa-demo-secret',
    redirectUri: 'https://layla.amazon.com/api/skill/link/M2NAVIMOWDEMO',
  },
  hornbach: {
    clientId: 'hornbach',
    secret: 'hornbach-demo-secret',
    redirectUri: 'https://smarthome.hornbach.example/oauth/navimow/callback',
  },
} satisfies Record<string, TestClient>;

/**
 * A client's authorization request with PKCE, signed in and agreed to on the login page (by default as the demo
 * owner): the code the client is sent back with, and the verifier that redeems it.
 */
export async function authorizedCode(
  app: FastifyInstance,
  client: TestClient,
  options: { account?: string; password?: string; jar?: CookieJar } = {},
) {
  const pkce = pkcePair();
  const { location } = await linkAccount(app, {
    clientId: client.clientId,
    redirectUri: client.redirectUri,
    challenge: pkce.challenge,
    ...options,
  });
  return { code: location!.searchParams.get('code')!, verifier: pkce.verifier };
}

/** A link made the whole way, as the client makes it: `authorizedCode`, then the code redeemed. The token response. */
export async function linkAndRedeem(
  app: FastifyInstance,
  client: TestClient,
  options: { account?: string; password?: string; jar?: CookieJar } = {},
) {
  const { code, verifier } = await authorizedCode(app, client, options);
  return exchangeCode(app, code, verifier, client);
}

/** The access token of a new link made the whole way (`linkAndRedeem`); throws if the token endpoint refused. */
export async function linkedToken(
  app: FastifyInstance,
  client: TestClient,
  options: { account?: string; password?: string } = {},
): Promise<string> {
  const response = await linkAndRedeem(app, client, options);
  if (response.statusCode !== 200)
    throw new Error(`the token endpoint answered ${response.statusCode}: ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

/** The app's mower list asked for with an access token: whether the token still reads the account's data. */
export const mowersWith = (app: FastifyInstance, accessToken: string) =>
  app.inject({ method: 'GET', url: '/api/mowers', headers: { authorization: `Bearer ${accessToken}` } });

export function tokenRequest(
  app: FastifyInstance,
  form: Record<string, string>,
  clientId = 'demo-client',
  secret = 'demo-secret',
) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(clientId, secret) },
    payload: new URLSearchParams(form).toString(),
  });
}

export interface BrowserLink {
  /** The login page the browser was sent to, with its query (`interaction`, `lang`, `channel`). */
  loginPage: URL;
  /** The final redirect to the client: its redirect URI with `code` and `state`, or `error`. */
  callback: URL;
  /** The host the consent screen named after the sign-in, for a redirect URI the client did not register. */
  consentHost?: string;
}

/**
 * A browser opening a link exactly as a real client builds it (any start: the login page with the authorization
 * request, or `/oauth/authorize`), following the server's redirects to the login page, signing in there with "Agree
 * and Link" as the page does, continuing on the consent screen if one names the redirect's host, and following on to
 * the client's redirect URI.
 */
export async function openLinkInBrowser(
  app: FastifyInstance,
  url: string,
  {
    account = DEMO.owner.email,
    password = DEMO.owner.password,
    jar = new CookieJar(),
  }: { account?: string; password?: string; jar?: CookieJar } = {},
): Promise<BrowserLink> {
  const follow = async (start: string, until: (location: URL) => boolean) => {
    let next = new URL(start, 'http://127.0.0.1');
    for (let hop = 0; hop < 6 && !until(next); hop++) {
      const response = await app.inject({
        method: 'GET',
        url: `${next.pathname}${next.search}`,
        headers: { cookie: jar.header() },
      });
      jar.store(response);
      if (!response.headers.location)
        throw new Error(`${next.pathname} answered ${response.statusCode} ${response.body.slice(0, 300)}`);
      next = new URL(response.headers.location, next);
    }
    return next;
  };
  const loginPage = await follow(url, (location) => location.searchParams.has('interaction'));
  const uid = loginPage.searchParams.get('interaction')!;
  const login = await app.inject({
    method: 'POST',
    url: `/oauth/interaction/${uid}/login`,
    headers: { cookie: jar.header() },
    payload: { account, password },
  });
  jar.store(login);
  if (login.statusCode !== 200) throw new Error(`sign-in answered ${login.statusCode} ${login.body}`);
  let next = login.json<{ redirect_to: string } | { confirm_host: string }>();
  const consentHost = 'confirm_host' in next ? next.confirm_host : undefined;
  if (consentHost !== undefined) {
    // The consent screen named the redirect's host, and the user continued.
    const confirm = await app.inject({
      method: 'POST',
      url: `/oauth/interaction/${uid}/confirm`,
      headers: { cookie: jar.header() },
    });
    jar.store(confirm);
    if (confirm.statusCode !== 200) throw new Error(`confirming answered ${confirm.statusCode} ${confirm.body}`);
    next = confirm.json<{ redirect_to: string }>();
  }
  if (!('redirect_to' in next)) throw new Error('no way on after the sign-in');
  const callback = await follow(
    next.redirect_to,
    (location) => location.searchParams.has('code') || location.searchParams.has('error'),
  );
  return { loginPage, callback, consentHost };
}

/** A form POST as a client's HTTP library sends it: `application/x-www-form-urlencoded`, fields in the given order. */
export function postForm(
  app: FastifyInstance,
  url: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}
