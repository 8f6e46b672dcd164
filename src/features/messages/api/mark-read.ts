import { markMessageRead } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/messages/:id/read: opening a message reads it; reading it again changes nothing. */
export async function markRead(id: string): Promise<void> {
  await callApi(markMessageRead, { params: { id }, auth: true });
}
