/** What the rest of the server may use of the voice-links module (docs/decisions/008-import-boundaries.md). */
export {
  type AmazonConfig,
  ALEXA_LINKING_SCOPE,
  AMAZON_FAKE_PATHS,
  AMAZON_FAKE_PREFIX,
  APP_LINK_PATH,
  DEMO_AMAZON,
} from './amazon-config.ts';
export { voiceLinkRoutes } from './voice-link-routes.ts';
export { endAlexaLinkFromAmazon } from './alexa-disabled.ts';
