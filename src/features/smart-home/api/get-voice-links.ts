import type { VoiceLink, VoiceLinksResponse } from '../../../../common/voice-links.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/voice-links: the signed-in account's link with each platform, as the server keeps it. */
export async function getVoiceLinks(signal?: AbortSignal): Promise<VoiceLink[]> {
  const { links } = await apiRequest<VoiceLinksResponse>('/voice-links', { auth: true, signal });
  return links;
}
