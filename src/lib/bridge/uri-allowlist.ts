/**
 * What the native app may be asked to open (issue 8, finding 9): only the schemes and hosts the product opens.
 * A URI from a server answer or a link must never make the app open `javascript:`, `intent:`, `file:`, `data:`,
 * `content:` or an arbitrary site. The simulator applies the same rules as the native side should
 * (docs/bridge.md, "Opening links").
 */

/** The mower app's own scheme (deep links back into the app). */
export const APP_SCHEME = 'navimow';

/** Amazon: the Alexa app's account-linking consent (a universal link) and Login with Amazon, per marketplace. */
const AMAZON_HOSTS = [
  'alexa.amazon.com',
  'alexa.amazon.co.uk',
  'alexa.amazon.de',
  'alexa.amazon.fr',
  'alexa.amazon.it',
  'alexa.amazon.es',
  'alexa.amazon.co.jp',
  'pitangui.amazon.com',
  'layla.amazon.com',
  'www.amazon.com',
  'www.amazon.co.uk',
  'www.amazon.de',
  'www.amazon.fr',
  'www.amazon.it',
  'www.amazon.es',
  'www.amazon.nl',
  'www.amazon.se',
  'www.amazon.pl',
  'www.amazon.co.jp',
  'na.account.amazon.com',
  'eu.account.amazon.com',
  'apac.account.amazon.com',
];

/**
 * Google: the Google Home app's universal links, the only way into Google's account linking since its migration of
 * 2026-09-10 (the Google app's and Assistant settings' links are retired), and Google's help pages.
 */
const GOOGLE_HOME_HOSTS = ['home.google.com'];
const GOOGLE_HELP_HOSTS = ['support.google.com'];

/** Our own pages (privacy policy, help) and Hornbach's, for the Hornbach integration. */
const PRODUCT_HOSTS = ['navimow.segway.com', 'www.segway.com'];
/** The app stores, for "update the app" (src/lib/app-store.ts). */
const STORE_HOSTS = ['apps.apple.com', 'play.google.com'];
const PARTNER_HOSTS = ['www.hornbach.de', 'www.hornbach.at', 'www.hornbach.ch', 'www.hornbach.nl', 'www.hornbach.se'];

export type UriPurpose = 'external' | 'googleHome' | 'scheme';

const HTTPS_HOSTS: Record<UriPurpose, ReadonlySet<string>> = {
  external: new Set([
    ...PRODUCT_HOSTS,
    ...STORE_HOSTS,
    ...PARTNER_HOSTS,
    ...AMAZON_HOSTS,
    ...GOOGLE_HOME_HOSTS,
    ...GOOGLE_HELP_HOSTS,
  ]),
  googleHome: new Set(GOOGLE_HOME_HOSTS),
  scheme: new Set([...AMAZON_HOSTS, ...GOOGLE_HOME_HOSTS]),
};

/** Custom schemes a purpose may use besides https: only the app's own, for app links. */
const SCHEMES: Record<UriPurpose, ReadonlySet<string>> = {
  external: new Set(),
  googleHome: new Set(),
  scheme: new Set([APP_SCHEME]),
};

/**
 * Whether the native app may open `uri` for `purpose`: `https:` to a listed host (no user info, no port), or, for
 * app links, the app's own scheme. Parsed with the URL parser, so `HTTPS://evil.example@alexa.amazon.com` tricks
 * and odd spellings resolve to what a browser would open.
 */
export function isAllowedUri(uri: string, purpose: UriPurpose): boolean {
  // Whitespace and control characters: the URL parser would drop some of them, so what is checked is not what opens.
  if (
    uri.length > 4096 ||
    /\s/.test(uri) ||
    [...uri].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)
  )
    return false;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'https') {
    return !url.username && !url.password && !url.port && HTTPS_HOSTS[purpose].has(url.hostname.toLowerCase());
  }
  return SCHEMES[purpose].has(scheme);
}
