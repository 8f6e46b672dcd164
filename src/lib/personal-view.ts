/**
 * The entry's side of the personal first view (docs/decisions/021-personal-first-view.md): the token from the
 * native app, then the page's first view rendered by the server with the user's data. Part of the entry (a chunk
 * of its own would cost the view one more round trip), run only on pages that have one; the app's code shares the
 * bridge and the session with it.
 */
import type { PersonalView } from '../../common/personal-view.ts';
import { call, hasNativeApp } from './bridge/bridge.ts';
import { getAccessToken } from './session.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer's shape, checked: anything else is no view (the app then loads the page as always). */
function asPersonalView(body: unknown): PersonalView | undefined {
  if (!isRecord(body)) return undefined;
  const { markup, responses, now, timeZone, appVersionCode } = body;
  if (typeof markup !== 'string' || !isRecord(responses) || typeof now !== 'number' || typeof timeZone !== 'string')
    return undefined;
  if (appVersionCode !== null && !Number.isInteger(appVersionCode)) return undefined;
  return { markup, responses, now, timeZone, appVersionCode: appVersionCode as number | null };
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

/** The view of this page for the signed-in user, or undefined without a native app, a token or an answer. */
export async function loadPersonalView(): Promise<PersonalView | undefined> {
  if (!hasNativeApp()) return undefined;
  // Asked together: an invitation's first view depends on the app's version (an old app cannot accept).
  const [token, version] = await Promise.all([getAccessToken(), appVersionCode()]);
  if (!token) return undefined;
  const query = new URLSearchParams({
    path: `${window.location.pathname}${window.location.search}`,
    // The language the document was written in: the view replaces its markup.
    lang: document.documentElement.lang,
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...(version !== undefined && { app: String(version) }),
  });
  try {
    const response = await fetch(`/api/personal-view?${query}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    return response.ok ? asPersonalView(await response.json()) : undefined;
  } catch {
    // Offline or a broken answer: the app loads the page itself and says what went wrong.
    return undefined;
  }
}
