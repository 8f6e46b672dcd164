/** What the rest of the server may use of the voice-links module (docs/decisions/008-import-boundaries.md). */
import { defineModule } from '../../module.ts';
import { voiceLinkSettings } from './settings.ts';
export {
  type AmazonConfig,
  AMAZON_FAKE_PATHS,
  AMAZON_FAKE_PREFIX,
  APP_BIND_PATH,
  DEMO_AMAZON,
} from './amazon-config.ts';
export { voiceLinkRoutes } from './voice-link-routes.ts';
export { endAlexaLinkFromAmazon } from './alexa-disabled.ts';

export const voiceLinksModule = defineModule({ name: 'voice-links', settings: voiceLinkSettings });
