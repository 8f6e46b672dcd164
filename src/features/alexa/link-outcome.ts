import { ALEXA_LINK_STATE_TTL_SECONDS, VOICE_LINK_ERRORS } from '../../../common/voice-links.ts';
import { ApiError } from '../../lib/api-client.ts';
import { completeAlexaLink } from './api/complete-alexa-link.ts';
import { getVoiceLink } from '../../lib/voice-links.ts';
import { type RequestFailure, requestFailure } from '../../lib/request-failure.ts';

/** Why linking did not succeed, as the failure page explains it. */
export type LinkFailure =
  /** The user did not allow the link on Amazon's page (`error=access_denied`). */
  | 'denied'
  /** Amazon sent back another error, or no code. */
  | 'amazonError'
  /** Opened without Amazon's answer: not a return from linking at all. */
  | 'missing'
  /** Our state is unknown, expired or used: start again. */
  | 'expired'
  /** Amazon refused the code, failed or did not answer in time. */
  | 'amazon'
  | RequestFailure;

export type LinkOutcome = { status: 'success' } | { status: 'failure'; reason: LinkFailure };

/** Amazon's answer as it arrived in the address of `/smartHome/alexa/appBind`. */
export type AmazonReturn =
  { kind: 'code'; code: string; state: string } | { kind: 'error'; error: string } | { kind: 'missing' };

const MAX_PARAM_LENGTH = 2048;
const usable = (value: string | null): value is string =>
  value !== null && value.length > 0 && value.length <= MAX_PARAM_LENGTH;

/** Reads Amazon's redirect (RFC 6749 section 4.1.2): `code` and `state`, or `error` (and the state). */
export function readAmazonReturn(search: URLSearchParams): AmazonReturn {
  const error = search.get('error');
  if (error !== null) return { kind: 'error', error };
  const code = search.get('code');
  const state = search.get('state');
  return usable(code) && usable(state) ? { kind: 'code', code, state } : { kind: 'missing' };
}

// Named before the code said link: kept, so that a page loaded after an update still finds what its tab remembered.
const STORAGE_KEY = 'navimow.alexa.bindOutcomes';
/** Outcomes only matter while Amazon's answer can still come back: a reload, a second redirect. */
const KEEP_MS = 2 * ALEXA_LINK_STATE_TTL_SECONDS * 1000;

type Stored = Record<string, { outcome: LinkOutcome; at: number }>;

function stored(): Stored {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Stored;
  } catch {
    return {};
  }
}

function remember(state: string, outcome: LinkOutcome): void {
  const now = Date.now();
  const kept = Object.fromEntries(Object.entries(stored()).filter(([, entry]) => now - entry.at < KEEP_MS));
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...kept, [state]: { outcome, at: now } }));
  } catch {
    // Storage can be disabled in a WebView: the outcome is still remembered in memory for this page.
  }
}

function remembered(state: string): LinkOutcome | undefined {
  const entry = stored()[state];
  return entry && Date.now() - entry.at < KEEP_MS ? entry.outcome : undefined;
}

/**
 * The server consumed this state already, or never knew it. When the account is linked with Alexa since
 * moments ago, this is the second arrival of an answer that succeeded (Amazon's page sent twice, a second web
 * view): the account is linked, and saying it failed would be wrong.
 */
async function linkedJustNow(): Promise<boolean> {
  try {
    const link = await getVoiceLink('alexa');
    if (!link.linked || !link.linked_since) return false;
    return Date.now() - Date.parse(link.linked_since) < ALEXA_LINK_STATE_TTL_SECONDS * 1000;
  } catch {
    return false;
  }
}

async function complete(code: string, state: string): Promise<LinkOutcome> {
  try {
    await completeAlexaLink({ code, state });
    return { status: 'success' };
  } catch (error) {
    if (error instanceof ApiError && error.code === VOICE_LINK_ERRORS.invalidState) {
      return (await linkedJustNow()) ? { status: 'success' } : { status: 'failure', reason: 'expired' };
    }
    if (error instanceof ApiError && error.code === VOICE_LINK_ERRORS.amazonFailed)
      return { status: 'failure', reason: 'amazon' };
    const reason = requestFailure(error);
    if (reason === 'load') throw error;
    return { status: 'failure', reason };
  }
}

const inFlight = new Map<string, Promise<LinkOutcome>>();

/**
 * Completes the link for Amazon's answer once per state: a second call for the same state (React mounting the
 * screen twice, a reload, Amazon's redirect arriving twice) gets the first call's outcome instead of a second
 * request, which the server would refuse as a used state. Outcomes that could change on a second attempt
 * (offline, a server error) are not remembered, so that a reload tries again.
 */
export function completeOnce(code: string, state: string): Promise<LinkOutcome> {
  const known = remembered(state);
  if (known) return Promise.resolve(known);
  let pending = inFlight.get(state);
  if (!pending) {
    pending = complete(code, state).then(
      (outcome) => {
        const transient =
          outcome.status === 'failure' &&
          (outcome.reason === 'offline' || outcome.reason === 'signedOut' || outcome.reason === 'notInApp');
        if (!transient) remember(state, outcome);
        else inFlight.delete(state);
        return outcome;
      },
      (error: unknown) => {
        inFlight.delete(state);
        throw error;
      },
    );
    inFlight.set(state, pending);
  }
  return pending;
}

/** Amazon's own error in the redirect: the user said no, or Amazon could not go on. */
export function amazonErrorOutcome(error: string): LinkOutcome {
  return { status: 'failure', reason: error === 'access_denied' ? 'denied' : 'amazonError' };
}
