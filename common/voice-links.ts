/**
 * Links between a Navimow account and the voice assistants and smart-home platforms (seed sections 2, 4 and 6),
 * as the HTTP API speaks them. The server derives each link's state from the OAuth grants of the platform's
 * clients, so linking through the web login page and through the app-to-app flows shows the same state.
 *
 * Endpoints (first-party sessions only: a linked service may not link or unlink others):
 *   GET    /api/voice-links                        -> { links: VoiceLink[] } (one per platform, always all three)
 *   POST   /api/voice-links/alexa/start            -> AlexaStart (app-to-app linking: the two Amazon URLs)
 *   POST   /api/voice-links/alexa/complete         { code, state } -> { link: VoiceLink }
 *   DELETE /api/voice-links/alexa                  -> 204 (skill disabled at Amazon, our tokens revoked)
 *   POST   /api/voice-links/google/app-flip        AppFlipRequest -> { code: string } (an authorization code)
 *   DELETE /api/voice-links/google                 -> 204 (our tokens for the Google client revoked)
 *   GET    /api/voice-links/services               -> ConnectedServicesResponse (third parties linked through the
 *                                                     web login, such as Home Assistant: one entry per link, newest first)
 *   DELETE /api/voice-links/services/:id           -> 204 (that link's tokens and MQTT pairs revoked; the account's
 *                                                     other links, another Home Assistant's included, stay)
 * Unlinking something not linked is a 204 too (a retry must not fail); so is an id that is unknown or another
 * account's, which is left alone (no answer tells whether a link exists). Errors use the API's error shape; the
 * codes below are the ones a screen tells apart.
 */

import type { z } from 'zod';
import type { connectedService, voiceLink, voiceLinksApi } from './api/voice-links.ts';

export const VOICE_PLATFORMS = ['alexa', 'google', 'hornbach'] as const;
export type VoicePlatform = (typeof VOICE_PLATFORMS)[number];

type Routes = (typeof voiceLinksApi)['routes'];

/** The account's link with one platform (common/api/voice-links.ts). */
export type VoiceLink = z.output<typeof voiceLink>;

export type VoiceLinksResponse = z.output<Routes['listVoiceLinks']['response']>;

/** A third-party service linked through the web login: each link is its own OAuth grant. */
export type ConnectedService = z.output<typeof connectedService>;

export type ConnectedServicesResponse = z.output<Routes['listConnectedServices']['response']>;

/** App-to-app account linking as Amazon specifies it: open the first in the Alexa app, else the second. */
export type AlexaStart = z.output<Routes['startAlexaLink']['response']>;

/** Amazon's authorization code from the redirect back to `/smartHome/alexa/appBind`, and the start's `state`. */
export type AlexaCompleteRequest = z.input<Routes['completeAlexaLink']['body']>;

/** What the Google Home app handed the native app for App Flip (docs/bridge.md, `/smartHome/googleHome/appBind`). */
export type AppFlipRequest = z.input<Routes['googleAppFlip']['body']>;

/** Error codes of the voice-link endpoints that a screen shows differently. */
export const VOICE_LINK_ERRORS = {
  /** The state is unknown, expired, used already or another account's: start again. */
  invalidState: 'invalid_state',
  /** Amazon refused the code, failed or did not answer in time; nothing was linked (or unlinked). */
  amazonFailed: 'amazon_failed',
  /** App Flip with a client id, scope or redirect URI that is not the registered Google client's. */
  invalidClient: 'invalid_client',
} as const;

/** The state and Amazon's code stay valid this long (Amazon's codes: 5 minutes). */
export const ALEXA_LINK_STATE_TTL_SECONDS = 10 * 60;

/** The seed's voice model for Alexa: action word + the fixed voice name + a skill (section 9). */
export const ALEXA_INVOCATION_NAME = 'Segway robot';
export const ALEXA_ACTION_WORDS = ['ask', 'tell', 'let'] as const;
export const ALEXA_SKILLS = ['start', 'stop', 'dock', 'status', 'battery'] as const;
export const ALEXA_VOICE_LANGUAGES = ['en', 'de', 'fr'] as const;
/** Google's commands (section 9); Google Assistant speaks more than 30 languages. */
export const GOOGLE_COMMANDS = ['start', 'resume', 'park', 'pause', 'status'] as const;
