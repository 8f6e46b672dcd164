import type { z } from 'zod';
import type { policyApi } from './api/policy.ts';
/**
 * The API access policy (`/apiPolicy`). Its text lives in the locale files under this version; a new text gets a
 * new version, and everyone who agreed to an older one is asked again.
 */
export const API_POLICY_VERSION = '2026-11-01';

/** GET /api/policy/consent */
/** GET and POST /api/policy/consent (common/api/policy.ts). */
export type PolicyConsentResponse = z.output<(typeof policyApi)['routes']['getPolicyConsent']['response']>;

export type PolicyConsentRequest = z.input<(typeof policyApi)['routes']['agreeToPolicy']['body']>;
