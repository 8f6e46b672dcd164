import type { BridgeParams } from '../lib/bridge/methods.ts';

/**
 * The simulator's Google Home: it starts App Flip as the Google Home app does (the only Google app that does since
 * Google's account-linking migration of 2026-09-10: docs/bridge.md), opening the Navimow app's `appBind` page with
 * the registered Google client's parameters, and takes the page's `setAppFlipResult`. Google's
 * servers redeem the code at our token endpoint; a browser cannot play them, as the token endpoint refuses
 * cross-origin and browser requests (clientBasedCORS), so the log shows the code for whoever plays Google (the
 * browser journeys do). Everything is the demo's (README, Demo data).
 */
export const GOOGLE_DEMO_CLIENT = {
  client_id: 'google',
  redirect_uri: 'https://oauth-redirect.googleusercontent.com/r/navimow-demo',
  scope: 'mower:read mower:control',
} as const;

export const APP_FLIP_PATH = '/smartHome/googleHome/appBind';

const PENDING_KEY = 'navimow.simulator.appFlip';

interface PendingAppFlip {
  state: string;
  client_id: string;
  redirect_uri: string;
}

function pending(): PendingAppFlip | undefined {
  try {
    return (JSON.parse(window.sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingAppFlip | null) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The address Google Home makes the app open; the state is remembered to check the answer against. */
export function startAppFlip(
  language: string,
  client: Pick<PendingAppFlip, 'client_id' | 'redirect_uri'> = GOOGLE_DEMO_CLIENT,
): string {
  const state = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ state, ...client } satisfies PendingAppFlip));
  } catch {
    // The answer is still logged; only its state cannot be checked.
  }
  const query = new URLSearchParams({
    client_id: client.client_id,
    scope: GOOGLE_DEMO_CLIENT.scope,
    redirect_uri: client.redirect_uri,
    state,
    lang: language,
  });
  return `${APP_FLIP_PATH}?${query}`;
}

/** The log's words for the page's App Flip answer, with the code shortened (the whole code is in the logged params). */
export function takeAppFlipResult({ result, code, state }: BridgeParams<'setAppFlipResult'>): string {
  const flip = pending();
  try {
    window.sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing stored.
  }
  const answer = `App Flip: ${result}${code ? `, code ${code.slice(0, 8)}…` : ''}`;
  if (!flip) return `${answer}; not started by Google Home here`;
  if (state !== undefined && state !== flip.state) return `${answer}; state does not match: Google Home ignores it`;
  return `${answer}; back to Google Home`;
}

/** What opening a Google Home link does on the simulated phone. */
export function googleHomeOpens(uri: string, installed: boolean): string {
  if (!installed) return 'Google Home is not installed: its store page opens';
  const deeplink = new URL(uri).searchParams.get('deeplink');
  return deeplink ? `Google Home opens ${deeplink}` : 'Google Home opens';
}
