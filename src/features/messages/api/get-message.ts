import type { MessageDto } from '../../../../common/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/messages/:id: one of the reader's messages; a 404 when the reader has no such message. */
export async function getMessage(id: string, signal?: AbortSignal): Promise<MessageDto> {
  const { message } = await apiRequest<{ message: MessageDto }>(`/messages/${encodeURIComponent(id)}`, { auth: true, signal });
  return message;
}
