import {
  API_POLICY_VERSION,
  type PolicyConsentRequest,
  type PolicyConsentResponse,
} from '../../../../common/api-policy.ts';
import { agreeToPolicy as agree } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/**
 * POST /api/policy/consent for the version whose text this page shows (its locale files hold that version's
 * text). The server answers 409 when it has a newer one; agreeing twice keeps the first agreement.
 */
export function agreeToPolicy(): Promise<PolicyConsentResponse> {
  return callApi(agree, {
    auth: true,
    body: { version: API_POLICY_VERSION } satisfies PolicyConsentRequest,
  });
}
