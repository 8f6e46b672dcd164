/**
 * The API access policy (`/apiPolicy`). Its text lives in the locale files under this version; a new text gets a
 * new version, and everyone who agreed to an older one is asked again.
 */
export const API_POLICY_VERSION = '2026-11-01';

/** GET /api/policy/consent */
export interface PolicyConsentResponse {
  current_version: string;
  /** The account's agreement to the current version, if given. */
  agreed_at: string | null;
  /** The latest version the account agreed to, if any (an older one means: ask again). */
  agreed_version: string | null;
}

/** POST /api/policy/consent: the version the page showed; a stale page cannot agree to a newer text. */
export interface PolicyConsentRequest {
  version: string;
}
