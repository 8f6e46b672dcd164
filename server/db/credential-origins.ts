import type { Db } from './database.ts';

/**
 * What a credential derived from a token was issued under, and dies with: the app's session (accounts), or the OAuth
 * grant of a linked service, the link (oauth). MQTT pairs and live-stream tickets record it.
 */
export type CredentialOrigin = { sessionId: string; grantId?: undefined } | { grantId: string; sessionId?: undefined };

/** `session:<id>` or `grant:<id>`: one origin as a key. */
export function originKey(origin: CredentialOrigin): string {
  return origin.sessionId === undefined ? `grant:${origin.grantId}` : `session:${origin.sessionId}`;
}

/** How a table records an origin (`mqtt_credentials`, `live_tickets`): one of two columns set. */
export interface OriginColumns {
  session_id: string | null;
  grant_id: string | null;
}

export function originColumns(origin: CredentialOrigin): OriginColumns {
  return { session_id: origin.sessionId ?? null, grant_id: origin.grantId ?? null };
}

/** The origin a row records; undefined for a row of before origins were recorded. */
export function originOfColumns({ session_id, grant_id }: OriginColumns): CredentialOrigin | undefined {
  if (session_id) return { sessionId: session_id };
  return grant_id ? { grantId: grant_id } : undefined;
}

/**
 * Which of these origins still live at `now` (by `originKey`): a session not revoked whose refresh token has not
 * expired, a grant not ended (an unlink, a replayed code or a sweep deletes it). At most two queries per 500.
 */
export async function livingOrigins(db: Db, origins: readonly CredentialOrigin[], now: number): Promise<Set<string>> {
  const at = new Date(now).toISOString();
  const living = new Set<string>();
  const sessions = [...new Set(origins.flatMap((origin) => origin.sessionId ?? []))];
  const grants = [...new Set(origins.flatMap((origin) => origin.grantId ?? []))];
  for (let start = 0; start < sessions.length; start += 500) {
    const rows = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', sessions.slice(start, start + 500))
      .where('revoked_at', 'is', null)
      .where('refresh_expires_at', '>', at)
      .execute();
    for (const { id } of rows) living.add(originKey({ sessionId: id }));
  }
  for (let start = 0; start < grants.length; start += 500) {
    const rows = await db
      .selectFrom('oauth_records')
      .select('id')
      .where('model', '=', 'Grant')
      .where('id', 'in', grants.slice(start, start + 500))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
      .execute();
    for (const { id } of rows) living.add(originKey({ grantId: id }));
  }
  return living;
}
