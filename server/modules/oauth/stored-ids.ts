import { createHash } from 'node:crypto';

/**
 * The models whose id is the secret a client presents (oidc-provider's opaque tokens are their ids): kept as a
 * SHA-256 hash, like the app's own session tokens, so that a copy of the database (a backup, a replica) holds no
 * token that works. The provider never reads an id back from storage, only looks one up.
 */
export const SECRET_IDS: ReadonlySet<string> = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode']);

/** The row id oidc-provider's id of `model` is stored under. */
export function storedOAuthId(model: string, id: string): string {
  return SECRET_IDS.has(model) ? createHash('sha256').update(id).digest('base64url') : id;
}
