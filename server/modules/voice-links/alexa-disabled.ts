import type { Db } from '../../db/database.ts';
import type { LinkGrants } from '../oauth/public.ts';

/**
 * The user disabled the skill (or unlinked) in the Alexa app: Amazon has nothing left to disable, so the link ends
 * on our side only, the same way as from our screens: every grant of the Alexa clients and the Amazon tokens kept
 * for app-to-app links go. Safe to repeat.
 */
export async function endAlexaLinkFromAmazon(
  db: Db,
  grants: LinkGrants,
  accountId: string,
  alexaClientIds: readonly string[],
): Promise<void> {
  await db.deleteFrom('alexa_amazon_links').where('account_id', '=', accountId).execute();
  await grants.revokeAll(accountId, alexaClientIds);
}
