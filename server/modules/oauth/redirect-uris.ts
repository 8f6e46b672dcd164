import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { LinkingClient } from './clients.ts';
import { renderErrorPage } from './error-page.ts';

/**
 * How a redirect URI stands with a client's registration:
 * - `registered`: listed exactly, or a loopback redirect listed without a port and asked for on any port (RFC 8252
 *   7.3: an app on the user's machine listens where the system lets it);
 * - `after_consent`: another http(s) address of a client registered with `"other_redirects": "after_consent"`, which
 *   gets a code only once the signed-in user has confirmed its host on the consent screen;
 * - `refused`: anything else (RFC 6749 4.1.2.1: no redirect at all, not even with an error).
 */
export type RedirectStanding = 'registered' | 'after_consent' | 'refused';

const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?([/?].*)?$/;

/** A loopback redirect without its port, in the client's own spelling (no normalisation), or undefined. */
function loopbackWithoutPort(uri: string): { base: string; port: string | undefined } | undefined {
  const match = LOOPBACK.exec(uri);
  return match ? { base: `http://${match[1]}${match[3] ?? ''}`, port: match[2] } : undefined;
}

/** An address a browser can be sent to and whose host the consent screen can name: http(s), no credentials, no fragment. */
function isPlainWebUri(uri: string): boolean {
  const url = URL.parse(uri);
  return (
    url !== null &&
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    !uri.includes('#')
  );
}

export function redirectStanding(client: LinkingClient, uri: string): RedirectStanding {
  if (client.redirect_uris.includes(uri)) return 'registered';
  const loopback = loopbackWithoutPort(uri);
  if (loopback?.port !== undefined && client.redirect_uris.includes(loopback.base)) return 'registered';
  if (client.other_redirects === 'after_consent' && isPlainWebUri(uri)) return 'after_consent';
  return 'refused';
}

/** The host the consent screen names for a redirect URI (punycode for an international name, so no look-alike). */
export const redirectHost = (uri: string) => new URL(uri).host;

/** What the consent step records in the interaction's result: which redirect the user confirmed. */
export interface ConfirmedConsent {
  grantId: string;
  confirmed_redirect_uri?: string;
}

const single = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Teaches oidc-provider the registrations' redirect rules (its supported override of `Client#redirectUriAllowed`,
 * per provider instance), and keeps every answer but a confirmed code away from an address the user has not
 * confirmed: an error, a cancel or a crafted request's failure is shown on our own error page instead of sending the
 * browser to a stranger's host (no open redirector).
 */
export function guardRedirects(
  provider: Provider,
  clients: ReadonlyMap<string, LinkingClient>,
  authorizationPath: string,
): void {
  const exact = provider.Client.prototype.redirectUriAllowed;
  provider.Client.prototype.redirectUriAllowed = function redirectUriAllowed(uri: string) {
    const client = clients.get(this.clientId);
    return client ? redirectStanding(client, uri) !== 'refused' : exact.call(this, uri);
  };

  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    const fromQuery = () => {
      const client = clients.get(single(ctx.query.client_id) ?? '');
      const uri = single(ctx.query.redirect_uri);
      return client && uri ? { client, uri } : undefined;
    };
    // The confirmed code travels in the query only: a form_post page or a fragment is not something to vouch for.
    const asked = ctx.path === authorizationPath ? fromQuery() : undefined;
    const mode = single(ctx.query.response_mode);
    if (
      asked &&
      mode !== undefined &&
      mode !== 'query' &&
      redirectStanding(asked.client, asked.uri) === 'after_consent'
    ) {
      ctx.status = 400;
      renderErrorPage(ctx, { error: 'invalid_request', error_description: 'response_mode' });
      return;
    }
    await next();

    const location = ctx.status >= 300 && ctx.status < 400 ? ctx.response.get('location') : '';
    if (!location || !ctx.path.startsWith(authorizationPath)) return;
    const client = clients.get(ctx.oidc?.client?.clientId ?? single(ctx.query.client_id) ?? '');
    const uri = single(ctx.oidc?.params?.redirect_uri) ?? single(ctx.query.redirect_uri);
    if (!client || !uri || redirectStanding(client, uri) !== 'after_consent') return;
    const target = new URL(location, ctx.href);
    const redirect = new URL(uri);
    if (target.origin !== redirect.origin || target.pathname !== redirect.pathname) return;
    const consent = ctx.oidc?.result?.consent as ConfirmedConsent | undefined;
    if (target.searchParams.has('code') && consent?.confirmed_redirect_uri === uri) return;
    ctx.remove('location');
    ctx.status = 400;
    renderErrorPage(ctx, { error: target.searchParams.get('error') ?? 'invalid_request' });
  });
}
