import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The page a browser sees when an authorization request cannot be sent back to the client, such as for an
 * unregistered redirect URI: it never redirects, and shows the error code (RFC 6749 section 4.1.2.1).
 * Plain HTML with no script, since the request could not be trusted to carry a language.
 */
export function renderErrorPage(ctx: KoaContextWithOIDC, out: ErrorOut): void {
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Cache-Control', 'no-store');
  ctx.body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Linking failed - Navimow</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}code{background:#eee;padding:2px 4px}</style>
</head><body><main><h1>Linking failed</h1>
<p>The request to link your Navimow account is not valid. Return to the app you came from and try again.</p>
<p><code>${escapeHtml(out.error)}</code> ${escapeHtml(out.error_description ?? '')}</p></main></body></html>`;
}
