import { completeAlexaLink as complete } from 'virtual:api-endpoints';
import type { AlexaCompleteRequest, VoiceLink } from '../../../../common/voice-links.ts';
import { callApi } from '../../../lib/api-client.ts';

/** Hands Amazon's code and our state to the server, which links the account and enables the skill. */
export async function completeAlexaLink(request: AlexaCompleteRequest): Promise<VoiceLink> {
  const { link } = await callApi(complete, { auth: true, body: request });
  return link;
}
