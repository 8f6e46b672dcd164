import { isAllowedUri } from '../lib/bridge/uri-allowlist.ts';
import type { HttpLogEntry } from './demo-invitation.ts';

/**
 * The simulator playing Amazon for Alexa's app-to-app account linking. When the page opens the Alexa app's consent
 * page (`openScheme`) or Login with Amazon (`openExternalURI`), a phone would show Amazon's consent; the
 * simulator asks the server's local fake of Amazon (`/dev/amazon/`, mounted with the simulator) for the answer a
 * user who allows (or denies) would get, and then opens where Amazon sends the user back: our own
 * `/smartHome/alexa/appBind`, which on a phone is a universal link into this app.
 */

const FAKE_AMAZON = '/dev/amazon';

/** The two consent pages of Amazon's app-to-app linking: the Alexa app's, and Login with Amazon's. */
const CONSENT_PATHS = { scheme: '/spa/skill-account-linking-consent', external: '/ap/oa' } as const;

export type AmazonConsentDecision = 'allow' | 'deny';

/** Whether the page asked to open Amazon's account-linking consent (an allowed Amazon URL with its path). */
export function isAmazonConsent(uri: string, via: 'scheme' | 'external'): boolean {
  if (!isAllowedUri(uri, via)) return false;
  const url = new URL(uri);
  return (
    url.protocol === 'https:' && /(^|\.)amazon\.[a-z.]+$/.test(url.hostname) && url.pathname === CONSENT_PATHS[via]
  );
}

/** An Amazon user per demo account, so that two accounts linked in one browser are two users to Amazon too. */
export function amazonUserFor(account: string): string {
  return `amzn1.account.SIM${account.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`;
}

async function sendToFake<T>(
  log: (entry: HttpLogEntry) => void,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const started = performance.now();
  const response = await fetch(`${FAKE_AMAZON}${path}`, {
    method,
    headers: { Accept: 'application/json', ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => undefined)) as
    (T & { error?: string; redirect_to?: string }) | undefined;
  log({
    method: `${method} ${FAKE_AMAZON}${path}`,
    params: body ?? {},
    code: response.status,
    ms: Math.round(performance.now() - started),
    ...(json?.error && { note: json.error }),
    ...(json?.redirect_to && { note: `back to ${new URL(json.redirect_to).pathname}` }),
  });
  if (!response.ok || json === undefined) throw new Error(`the fake of Amazon answered ${response.status}`);
  return json;
}

/**
 * Plays the user on Amazon's consent page: the fake's authorization step, as `user`, allowing or denying.
 * Resolves with where Amazon sends the user back, when that is this app's own page (a phone opens only its own
 * universal links in the app); the page's language goes along, as the app opens its web views in its language.
 */
export async function playAmazonConsent({
  uri,
  user,
  decision,
  log,
  current = window.location.href,
  language = document.documentElement.lang,
}: {
  uri: string;
  user: string;
  decision: AmazonConsentDecision;
  log: (entry: HttpLogEntry) => void;
  current?: string;
  /** The app's language, which it gives the web views it opens. */
  language?: string;
}): Promise<string | undefined> {
  const consent = new URL(uri);
  consent.searchParams.set('user', user);
  const { redirect_to: redirectTo } = await sendToFake<{ redirect_to: string }>(log, 'POST', '/authorize', {
    url: consent.href,
    decision,
  });
  const back = new URL(redirectTo);
  const here = new URL(current);
  if (back.origin !== here.origin) return undefined;
  if (language && !back.searchParams.has('lang')) back.searchParams.set('lang', language);
  return `${back.pathname}${back.search}`;
}

/** The fake's fault switch: its token endpoint and API answer normally, fail, or do not answer. */
export type AmazonFaultMode = 'none' | 'fail' | 'hang';

export async function readAmazonFault(log: (entry: HttpLogEntry) => void): Promise<AmazonFaultMode> {
  return (await sendToFake<{ mode: AmazonFaultMode }>(log, 'GET', '/fault')).mode;
}

export async function setAmazonFault(
  mode: AmazonFaultMode,
  log: (entry: HttpLogEntry) => void,
): Promise<AmazonFaultMode> {
  return (
    await sendToFake<{ mode: AmazonFaultMode }>(log, 'POST', '/fault', mode === 'none' ? { mode } : { mode, on: 'all' })
  ).mode;
}
