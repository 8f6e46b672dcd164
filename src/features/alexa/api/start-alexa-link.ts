import type { AlexaStart } from '../../../../common/voice-links.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** A new linking attempt: the Alexa app's consent URL and the Login with Amazon fallback, with a fresh state. */
export function startAlexaLink(signal?: AbortSignal): Promise<AlexaStart> {
  return apiRequest<AlexaStart>('/voice-links/alexa/start', { method: 'POST', auth: true, signal });
}
