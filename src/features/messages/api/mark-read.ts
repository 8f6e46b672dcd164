import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/messages/:id/read: opening a message reads it; reading it again changes nothing. */
export async function markRead(id: string): Promise<void> {
  await apiRequest<undefined>(`/messages/${encodeURIComponent(id)}/read`, { method: 'POST', auth: true });
}
