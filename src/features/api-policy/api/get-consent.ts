import type { PolicyConsentResponse } from '../../../../common/api-policy.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/policy/consent: the current policy version and what the signed-in account agreed to, when. */
export function getConsent(signal?: AbortSignal): Promise<PolicyConsentResponse> {
  return apiRequest<PolicyConsentResponse>('/policy/consent', { auth: true, signal });
}
