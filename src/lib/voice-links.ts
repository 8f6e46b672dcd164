import { listVoiceLinks } from 'virtual:api-endpoints';
import { VOICE_LINKS_PATH } from '../../common/personal-view.ts';
import type { VoiceLink, VoiceLinksResponse, VoicePlatform } from '../../common/voice-links.ts';
import { callApi } from './api-client.ts';
import { personalResponse } from './personal-view-data.ts';

/** GET /api/voice-links: the account's link with each platform, as the server derives it from the OAuth grants. */
export async function getVoiceLinks(signal?: AbortSignal): Promise<VoiceLink[]> {
  const { links } = await callApi(listVoiceLinks, { auth: true, signal });
  return links;
}

/** A platform the answer leaves out is one the account is not linked with. */
function linkOf(platform: VoicePlatform, links: readonly VoiceLink[]): VoiceLink {
  return (
    links.find((link) => link.platform === platform) ?? { platform, linked: false, linked_since: null, client_id: null }
  );
}

/** The account's link with one platform (the answer holds every platform's; a screen shows one). */
export async function getVoiceLink(platform: VoicePlatform, signal?: AbortSignal): Promise<VoiceLink> {
  return linkOf(platform, await getVoiceLinks(signal));
}

/** The link a personal first view was rendered with, while rendering that view (common/personal-view.ts). */
export function personalVoiceLink(platform: VoicePlatform): VoiceLink | undefined {
  const answer = personalResponse<VoiceLinksResponse>(VOICE_LINKS_PATH);
  return answer && linkOf(platform, answer.links);
}
