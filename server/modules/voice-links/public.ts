/** What the rest of the server may use of the voice-links module (docs/decisions/008-import-boundaries.md). */
import type { Db } from '../../db/database.ts';
import { defineModule } from '../../module.ts';
import type { RequireCaller } from '../accounts/public.ts';
import type { LinkGrants, LinkingClient } from '../oauth/public.ts';
import type { AmazonConfig } from './amazon-config.ts';
import { voiceLinkRoutes } from './voice-link-routes.ts';
import { voiceLinkSettings } from './settings.ts';
export {
  type AmazonConfig,
  ALEXA_LINKING_SCOPE,
  AMAZON_FAKE_PATHS,
  AMAZON_FAKE_PREFIX,
  APP_LINK_PATH,
  DEMO_AMAZON,
} from './amazon-config.ts';
export { endAlexaLinkFromAmazon } from './alexa-disabled.ts';

export const voiceLinksModule = defineModule({
  name: 'voice-links',
  settings: voiceLinkSettings,
  apiRoutes: (
    api,
    {
      db,
      requireCaller,
      linkGrants,
      config,
    }: {
      db: Db;
      requireCaller: RequireCaller;
      linkGrants: LinkGrants;
      config: { oauthClients: readonly LinkingClient[]; amazon: AmazonConfig | undefined };
    },
  ) =>
    voiceLinkRoutes(api, {
      db,
      requireCaller,
      clients: config.oauthClients,
      grants: linkGrants,
      amazon: config.amazon,
    }),
});
