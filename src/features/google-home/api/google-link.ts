import { VOICE_LINKS_PATH } from '../../../../common/personal-view.ts';
import type { VoiceLink, VoiceLinksResponse } from '../../../../common/voice-links.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { personalResponse } from '../../../lib/personal-view-data.ts';

const googleLink = ({ links }: VoiceLinksResponse): VoiceLink =>
  links.find((link) => link.platform === 'google') ?? {
    platform: 'google',
    linked: false,
    linked_since: null,
    client_id: null,
  };

/** The account's link with Google, as the server keeps it (GET /api/voice-links answers every platform). */
export async function getGoogleLink(signal?: AbortSignal): Promise<VoiceLink> {
  return googleLink(await apiRequest<VoiceLinksResponse>(VOICE_LINKS_PATH, { auth: true, signal }));
}

/** The link a personal first view was rendered with, while rendering that view (common/personal-view.ts). */
export function personalGoogleLink(): VoiceLink | undefined {
  const answer = personalResponse<VoiceLinksResponse>(VOICE_LINKS_PATH);
  return answer && googleLink(answer);
}

/** DELETE /api/voice-links/google: our tokens for the Google client revoked; a 204 also when nothing was linked. */
export async function unlinkGoogle(): Promise<void> {
  await apiRequest<undefined>('/voice-links/google', { method: 'DELETE', auth: true });
}
