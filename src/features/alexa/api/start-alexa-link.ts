import { startAlexaLink as start } from 'virtual:api-endpoints';
import type { AlexaStart } from '../../../../common/voice-links.ts';
import { callApi } from '../../../lib/api-client.ts';

/** A new linking attempt: the Alexa app's consent URL and the Login with Amazon fallback, with a fresh state. */
export function startAlexaLink(signal?: AbortSignal): Promise<AlexaStart> {
  return callApi(start, { auth: true, signal });
}
