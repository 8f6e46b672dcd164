import type { PolicyConsentResponse } from '../../../../common/api-policy.ts';
import { POLICY_CONSENT_PATH } from '../../../../common/personal-view.ts';
import { getPolicyConsent } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { personalResponse } from '../../../lib/personal-view-data.ts';

/** GET /api/policy/consent: the current policy version and what the signed-in account agreed to, when. */
export function getConsent(signal?: AbortSignal): Promise<PolicyConsentResponse> {
  return callApi(getPolicyConsent, { auth: true, signal });
}

/** The consent a personal first view was rendered with, while rendering that view (common/personal-view.ts). */
export function personalConsent(): PolicyConsentResponse | undefined {
  return personalResponse<PolicyConsentResponse>(POLICY_CONSENT_PATH);
}
