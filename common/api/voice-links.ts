import { z } from 'zod';
import { defineApiRoutes } from '../api-route.ts';
import { VOICE_PLATFORMS } from '../voice-links.ts';

const opaque = (max: number) =>
  z
    .string()
    .min(1, 'is required')
    .max(max, 'too long')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

export const voiceLink = z.object({
  platform: z.enum(VOICE_PLATFORMS),
  linked: z.boolean(),
  /** When the current link was made (ISO 8601); null when not linked. */
  linked_since: z.string().nullable(),
  /** The OAuth client that holds the link; null when not linked. */
  client_id: z.string().nullable(),
});

/**
 * A third-party service linked through the web login (an OAuth client of kind `third_party`: Home Assistant, a
 * script). Each link is its own OAuth grant, so two Home Assistant instances on one account are two entries.
 */
export const connectedService = z.object({
  /** The link's id (its OAuth grant): what `DELETE /api/voice-links/services/:id` ends. */
  id: z.string(),
  client_id: z.string(),
  /** The client's registered name ("Home Assistant"), a product name shown as it is in every language. */
  name: z.string(),
  /** When the link was made (ISO 8601). */
  since: z.string(),
});

/**
 * The account's links with the voice assistants and the services linked through the web login
 * (server/modules/voice-links; docs/decisions/012-voice-links.md).
 */
export const voiceLinksApi = defineApiRoutes('voice-links', {
  /** The account's link with each voice platform. */
  listVoiceLinks: { method: 'GET', path: '/api/voice-links', response: z.object({ links: z.array(voiceLink) }) },
  listConnectedServices: {
    method: 'GET',
    path: '/api/voice-links/services',
    response: z.object({ services: z.array(connectedService) }),
  },
  /**
   * Ends that one link only (204). An id that is unknown, already ended, another account's or not a third party's
   * gets the same 204 and changes nothing.
   */
  unlinkService: {
    method: 'DELETE',
    path: '/api/voice-links/services/:id',
    params: z.object({
      id: z
        .string()
        .min(1, 'is required')
        .max(64, 'too long')
        .regex(/^[\w-]+$/, 'must be a link id of GET /services'),
    }),
  },
  /**
   * App Flip: an authorization code for the Google client, given only for its registered client id, scopes and
   * redirect URI (else a 400 `invalid_client`).
   */
  googleAppFlip: {
    method: 'POST',
    path: '/api/voice-links/google/app-flip',
    body: z.object({
      client_id: z.string().max(200, 'too long'),
      /** Space-separated, as Google sends them; may be empty. */
      scope: z.string().max(1000, 'too long'),
      redirect_uri: z.string().max(2000, 'too long'),
    }),
    response: z.object({ code: z.string() }),
  },
  /** Ends every link with Google (204). */
  unlinkGoogle: { method: 'DELETE', path: '/api/voice-links/google' },
  /**
   * App-to-app linking as Amazon specifies it: open the first URL in the Alexa app, else the second; 503
   * `alexa_unavailable` when it is not set up.
   */
  startAlexaLink: {
    method: 'POST',
    path: '/api/voice-links/alexa/start',
    response: z.object({
      /** The Alexa app's account-linking consent page (a universal / app link opened with `openScheme`). */
      alexa_app_url: z.string(),
      /** Login with Amazon in the browser, when the Alexa app is not installed (`openExternalURI`). */
      lwa_fallback_url: z.string(),
      /** When the state in both URLs stops being accepted (ISO 8601). */
      expires_at: z.string(),
    }),
  },
  /** Amazon's code from the redirect back and the state of the start: the link made (400 for a state it did not give). */
  completeAlexaLink: {
    method: 'POST',
    path: '/api/voice-links/alexa/complete',
    body: z.object({ code: opaque(2048), state: opaque(256) }),
    response: z.object({ link: voiceLink }),
  },
  /** Disables the skill at Amazon and ends every link with Alexa (204); 502 when Amazon does not. */
  unlinkAlexa: { method: 'DELETE', path: '/api/voice-links/alexa' },
});
