import type { UnreadCounts } from '../../../../common/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/messages/unread-counts: unread messages of the last 30 days per tab. */
export async function getUnreadCounts(signal?: AbortSignal): Promise<UnreadCounts> {
  const { unread } = await apiRequest<{ unread: UnreadCounts }>('/messages/unread-counts', { auth: true, signal });
  return unread;
}
