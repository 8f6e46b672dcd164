import type { UnreadCounts } from '../../../../common/messages.ts';
import { unreadCounts } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** GET /api/messages/unread-counts: unread messages of the last 30 days per tab. */
export async function getUnreadCounts(signal?: AbortSignal): Promise<UnreadCounts> {
  const { unread } = await callApi(unreadCounts, { auth: true, signal });
  return unread;
}
