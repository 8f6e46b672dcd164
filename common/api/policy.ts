import { z } from 'zod';
import { defineApiRoutes } from '../api-route.ts';

const consent = z.object({
  current_version: z.string(),
  /** The account's agreement to the current version, if given. */
  agreed_at: z.string().nullable(),
  /** The latest version the account agreed to, if any (an older one means: ask again). */
  agreed_version: z.string().nullable(),
});

/** The API access policy consent (server/modules/policy): who agreed to which version, when. */
export const policyApi = defineApiRoutes('policy', {
  /** The current policy version and what the signed-in account agreed to, when. */
  getPolicyConsent: { method: 'GET', path: '/api/policy/consent', response: consent },
  /**
   * Agrees to the version whose text the page shows; 409 `policy_version_outdated` when the server has a newer one.
   * Agreeing twice keeps the first agreement's time.
   */
  agreeToPolicy: {
    method: 'POST',
    path: '/api/policy/consent',
    body: z.object({ version: z.string().trim().min(1, 'must be a policy version').max(32) }),
    response: consent,
  },
});
