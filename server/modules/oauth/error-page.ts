import { readFileSync } from 'node:fs';
import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { type Language, parseAcceptLanguage, resolveLanguage, SUPPORTED_LANGUAGES } from '../../../common/languages.ts';

interface ErrorTexts {
  title: string;
  message: string;
}

const LOCALES = new URL('../../../locales/', import.meta.url);

/** The error page's texts in every language, read once from the web view's locale files. */
const texts = new Map<Language, ErrorTexts>(
  SUPPORTED_LANGUAGES.map((language) => {
    const strings = JSON.parse(readFileSync(new URL(`${language}/accountLinking.json`, LOCALES), 'utf8')) as {
      errorPage: ErrorTexts;
    };
    return [language, strings.errorPage];
  }),
);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function languageOf(ctx: KoaContextWithOIDC): Language {
  const params = (ctx.oidc?.params ?? {}) as Record<string, unknown>;
  const requested = [params.lang, params.ui_locales, params.user_locale, params.locale].find(
    (value): value is string => typeof value === 'string',
  );
  return resolveLanguage(requested?.split(' ')[0], parseAcceptLanguage(ctx.get('accept-language')));
}

/**
 * The page a browser sees when an authorization request cannot be answered to the client, such as for an
 * unregistered redirect URI: it never redirects (RFC 6749 section 4.1.2.1), shows the error code for support,
 * and runs no script.
 */
export function renderErrorPage(ctx: KoaContextWithOIDC, out: ErrorOut): void {
  const language = languageOf(ctx);
  const { title, message } = texts.get(language)!;
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Cache-Control', 'no-store');
  ctx.body = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Navimow</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}code{background:#eee;padding:2px 4px}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><code>${escapeHtml(out.error)}</code></p></main></body></html>`;
}
