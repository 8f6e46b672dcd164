import { API_POLICY_VERSION, type PolicyConsentResponse } from '../../../common/api-policy.ts';

/**
 * Where the account stands with the policy this page shows: agreed to it, agreed to an older one (asked
 * again), never agreed, or the server has a newer policy than this page's text (the page must reload first).
 */
export type ConsentStatus =
  { kind: 'agreed'; at: string } | { kind: 'changed' } | { kind: 'notAgreed' } | { kind: 'outdatedPage' };

export function consentStatus(
  consent: PolicyConsentResponse,
  shownVersion: string = API_POLICY_VERSION,
): ConsentStatus {
  if (consent.current_version !== shownVersion) return { kind: 'outdatedPage' };
  if (consent.agreed_at) return { kind: 'agreed', at: consent.agreed_at };
  return consent.agreed_version ? { kind: 'changed' } : { kind: 'notAgreed' };
}
