import { VOICE_LINKS_PATH } from '../../../../common/personal-view.ts';
import type { VoiceLink, VoiceLinksResponse } from '../../../../common/voice-links.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { personalResponse } from '../../../lib/personal-view-data.ts';

const alexaLink = ({ links }: VoiceLinksResponse): VoiceLink =>
  links.find((link) => link.platform === 'alexa') ?? {
    platform: 'alexa',
    linked: false,
    linked_since: null,
    client_id: null,
  };

/** The account's Alexa link, as the server derives it from the OAuth grants (`GET /api/voice-links`). */
export async function getAlexaLink(signal?: AbortSignal): Promise<VoiceLink> {
  return alexaLink(await apiRequest<VoiceLinksResponse>(VOICE_LINKS_PATH, { auth: true, signal }));
}

/** The link a personal first view was rendered with, while rendering that view (common/personal-view.ts). */
export function personalAlexaLink(): VoiceLink | undefined {
  const answer = personalResponse<VoiceLinksResponse>(VOICE_LINKS_PATH);
  return answer && alexaLink(answer);
}
