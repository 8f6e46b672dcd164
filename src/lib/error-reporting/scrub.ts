/**
 * Removes personal data from anything sent to the error-reporting service: e-mail addresses, phone numbers,
 * mower serial numbers, bearer and OAuth tokens, authorization codes. Applied to every event and breadcrumb.
 */

const REDACTED = '[redacted]';

const PATTERNS: readonly RegExp[] = [
  /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi,
  /\bBearer\s+[A-Za-z0-9._~+/-]+=*/gi,
  /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g,
  /\b(access_token|refresh_token|id_token|token|code|code_verifier|state|password|client_secret|vehicle_sn|sn|id)=[^&#\s]*/gi,
  /\bNVM-[A-Z0-9-]+\b/gi,
  /\+\d[\d\s()-]{6,}\d/g,
];

const SENSITIVE_KEYS =
  /^(email|e-mail|account|password|phone|access_token|refresh_token|token|authorization|cookie|code|code_verifier|state|client_secret|vehicle_sn|sn|serial|ip_address)$/i;

export function scrubText(text: string): string {
  return PATTERNS.reduce(
    (result, pattern) =>
      result.replace(pattern, (match, key?: string) =>
        typeof key === 'string' && match.includes('=') ? `${key}=${REDACTED}` : REDACTED,
      ),
    text,
  );
}

export function scrub<T>(value: T, depth = 0): T {
  if (depth > 8) return value;
  if (typeof value === 'string') return scrubText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => scrub(item, depth + 1)) as T;
  if (value && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      result[key] = SENSITIVE_KEYS.test(key) ? REDACTED : scrub(item, depth + 1);
    }
    return result as T;
  }
  return value;
}
