import { markAllRead as markAll } from 'virtual:api-endpoints';
import type { MarkAllReadRequest, UnreadCounts } from '../../../../common/messages.ts';
import { callApi } from '../../../lib/api-client.ts';

/**
 * POST /api/messages/mark-all-read: everything in a tab up to the newest message the reader has seen, so that a
 * message arriving meanwhile stays unread. Answers the unread counts after it.
 */
export async function markAllRead(request: MarkAllReadRequest): Promise<UnreadCounts> {
  const { unread } = await callApi(markAll, { auth: true, body: request });
  return unread;
}
