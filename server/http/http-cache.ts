import { createHash } from 'node:crypto';

/** Build output whose name changes with its content: hashed chunks, and locale files under a content version. */
const HASHED_ASSET = /^\/assets\/(.+-[A-Za-z0-9_-]{8,}\.\w+|locales-[0-9a-f]{12}\/\w+\/\w+\.json)$/;

/** Hashed files never change: cached for a year. Anything else is checked with the server each time. */
export function cacheControl(url: string): string {
  return HASHED_ASSET.test(url) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** A strong entity tag for exactly these bytes: each encoding of a file has its own. */
export function entityTag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether `If-None-Match` names the tag (RFC 9110 section 13.1.2: weak comparison). */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  return Boolean(ifNoneMatch?.split(/\s*,\s*/).some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag));
}
