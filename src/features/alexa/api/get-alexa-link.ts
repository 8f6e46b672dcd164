import type { VoiceLink, VoiceLinksResponse } from '../../../../common/voice-links.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The account's Alexa link, as the server derives it from the OAuth grants (`GET /api/voice-links`). */
export async function getAlexaLink(signal?: AbortSignal): Promise<VoiceLink> {
  const { links } = await apiRequest<VoiceLinksResponse>('/voice-links', { auth: true, signal });
  return links.find((link) => link.platform === 'alexa') ?? { platform: 'alexa', bound: false, bound_since: null, client_id: null };
}
