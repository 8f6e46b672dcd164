import type { VoiceLink, VoiceLinksResponse } from '../../../../common/voice-links.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The account's link with Google, as the server keeps it (GET /api/voice-links answers every platform). */
export async function getGoogleLink(signal?: AbortSignal): Promise<VoiceLink> {
  const { links } = await apiRequest<VoiceLinksResponse>('/voice-links', { auth: true, signal });
  return links.find((link) => link.platform === 'google') ?? { platform: 'google', bound: false, bound_since: null, client_id: null };
}

/** DELETE /api/voice-links/google: our tokens for the Google client revoked; a 204 also when nothing was linked. */
export async function unlinkGoogle(): Promise<void> {
  await apiRequest<undefined>('/voice-links/google', { method: 'DELETE', auth: true });
}
