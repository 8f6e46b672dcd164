import type { FastifyInstance } from 'fastify';
import { policyApi } from '../../../common/api/policy.ts';
import { API_POLICY_VERSION, type PolicyConsentResponse } from '../../../common/api-policy.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { serveApi } from '../../http/serve-api.ts';
import type { CallerRoutesOptions } from '../accounts/public.ts';

async function consentOf(db: Db, accountId: string): Promise<PolicyConsentResponse> {
  const latest = await db
    .selectFrom('policy_consents')
    .select(['version', 'agreed_at'])
    .where('account_id', '=', accountId)
    .orderBy('version', 'desc')
    .executeTakeFirst();
  return {
    current_version: API_POLICY_VERSION,
    agreed_at: latest?.version === API_POLICY_VERSION ? latest.agreed_at : null,
    agreed_version: latest?.version ?? null,
  };
}

/** The API access policy consent: who agreed to which version, when (versions are dates, so they sort). */
export function policyRoutes(app: FastifyInstance, { db, requireCaller }: CallerRoutesOptions): void {
  serveApi(app, policyApi, {
    getPolicyConsent: async (request) => {
      const caller = await requireCaller(request, 'account');
      return consentOf(db, caller.accountId);
    },

    /** Agreeing twice keeps the first agreement's time: a retry changes nothing. */
    agreeToPolicy: async (request) => {
      const caller = await requireCaller(request, 'account');
      if (request.body.version !== API_POLICY_VERSION) {
        throw new HttpError(
          409,
          'policy_version_outdated',
          `body.version: the current policy is ${API_POLICY_VERSION}; read it again.`,
          'body.version',
        );
      }
      await db
        .insertInto('policy_consents')
        .values({ account_id: caller.accountId, version: API_POLICY_VERSION, agreed_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.columns(['account_id', 'version']).doNothing())
        .execute();
      return consentOf(db, caller.accountId);
    },
  });
}
