import type { AppFlipRequest } from '../../../common/voice-links.ts';

/**
 * What the Google Home app handed the native app for App Flip, as the app passes it on to
 * `/smartHome/googleHome/appBind` (docs/bridge.md): `client_id`, `scope`, `redirect_uri` and, on iOS, `state`.
 */
export interface AppFlipParams {
  request: AppFlipRequest;
  /** Handed back unchanged with the code; Google sends one on iOS only. */
  state: string | undefined;
}

const LIMITS = { client_id: 256, scope: 1024, redirect_uri: 2048, state: 2048 } as const;

/**
 * The request of the page's address, or null when it cannot be one: no client id or redirect URI, a value too
 * long, or one given twice. Whether the client is the registered Google client is the server's to say.
 */
export function parseAppFlipParams(search: string): AppFlipParams | null {
  const query = new URLSearchParams(search);
  const values: Partial<Record<keyof typeof LIMITS, string>> = {};
  for (const [name, limit] of Object.entries(LIMITS) as [keyof typeof LIMITS, number][]) {
    const all = query.getAll(name);
    if (all.length > 1) return null;
    const value = all[0];
    if (value === undefined) continue;
    if (value.length > limit) return null;
    values[name] = value;
  }
  if (!values.client_id?.trim() || !values.redirect_uri?.trim()) return null;
  return {
    request: { client_id: values.client_id, scope: values.scope?.trim() ?? '', redirect_uri: values.redirect_uri },
    state: values.state || undefined,
  };
}

export type AppFlipPermission = 'readStatus' | 'controlOnBehalf';

/**
 * What the consent lists for the requested scopes (seed section 6: Google reads status and controls on the user's
 * behalf). No scope asks for both, as the authorization server grants both then.
 */
export function permissionsFor(scope: string): AppFlipPermission[] {
  const scopes = scope.split(' ').filter(Boolean);
  if (scopes.length === 0) return ['readStatus', 'controlOnBehalf'];
  return [
    ...(scopes.includes('mower:read') ? (['readStatus'] as const) : []),
    ...(scopes.includes('mower:control') ? (['controlOnBehalf'] as const) : []),
  ];
}
