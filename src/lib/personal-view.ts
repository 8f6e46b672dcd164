/**
 * The entry's side of the personal first view (docs/decisions/021-personal-first-view.md): the token from the
 * native app, then the page's first view rendered by the server with the user's data. Part of the entry (a chunk
 * of its own would cost the view one more round trip), run only on pages that have one; the app's code shares the
 * bridge and the session with it.
 */
import { personalView } from 'virtual:api-endpoints';
import type { PersonalView } from '../../common/personal-view.ts';
import { call, hasNativeApp } from './bridge/bridge.ts';
import { commonAppData, getAccessToken } from './session.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer's shape, checked: anything else is no view (the app then loads the page as always). */
function asPersonalView(body: unknown): PersonalView | undefined {
  if (!isRecord(body)) return undefined;
  const { markup, responses, now, timeZone, appVersionCode } = body;
  if (typeof markup !== 'string' || !isRecord(responses) || typeof now !== 'number' || typeof timeZone !== 'string')
    return undefined;
  if (appVersionCode !== null && !Number.isInteger(appVersionCode)) return undefined;
  const { currentMower } = body;
  if (currentMower !== undefined && typeof currentMower !== 'string') return undefined;
  return {
    markup,
    responses,
    now,
    timeZone,
    appVersionCode: appVersionCode as number | null,
    ...(currentMower !== undefined && { currentMower }),
  };
}

/** The app's version code, as the app says it (`readAppVersion`'s call, without storing it), or none. */
async function appVersionCode(): Promise<number | undefined> {
  try {
    const { versionCode } = await call('getAppVersion');
    return Number.isSafeInteger(versionCode) && versionCode >= 0 ? versionCode : undefined;
  } catch {
    return undefined;
  }
}

/** The app's current mower's serial number, or none (`getAccessToken` reports a failing bridge). */
async function currentMowerSerial(): Promise<string | undefined> {
  try {
    return (await commonAppData()).vehicle_sn || undefined;
  } catch {
    return undefined;
  }
}

/** `Temporal.Now` as far as this module uses it: in the WebViews that have it (Chromium 144 and later). */
interface TemporalNow {
  Now: { timeZoneId(): string };
}

/**
 * The reader's IANA time zone. `Temporal.Now.timeZoneId()` where the WebView has it: a page's first
 * `Intl.DateTimeFormat` costs 20-80 ms of main thread on a phone (ICU loads the locale's data and its pattern
 * generator), and here that would sit between the token and the view's request, on the view's critical path; the
 * app's first formatter pays it later, behind the painted view.
 */
export function readerTimeZone(): string {
  const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
  try {
    const id = temporal?.Now.timeZoneId();
    if (id) return id;
  } catch {
    // The zone as Intl knows it, below.
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The view of this page for the signed-in user, or undefined without a native app, a token or an answer. */
export async function loadPersonalView(): Promise<PersonalView | undefined> {
  if (!hasNativeApp()) return undefined;
  // Asked together: an invitation's first view depends on the app's version (an old app cannot accept). The current
  // mower (the winter guide's battery line) comes with the token, in the same answer.
  const [token, version, mower] = await Promise.all([getAccessToken(), appVersionCode(), currentMowerSerial()]);
  if (!token) return undefined;
  const query = new URLSearchParams({
    path: `${window.location.pathname}${window.location.search}`,
    // The language the document was written in: the view replaces its markup.
    lang: document.documentElement.lang,
    tz: readerTimeZone(),
    ...(version !== undefined && { app: String(version) }),
    ...(mower && { mower }),
  });
  try {
    const response = await fetch(`${personalView.path}?${query}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    return response.ok ? asPersonalView(await response.json()) : undefined;
  } catch {
    // Offline or a broken answer: the app loads the page itself and says what went wrong.
    return undefined;
  }
}
