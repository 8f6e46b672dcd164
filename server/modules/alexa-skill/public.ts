/** What the rest of the server may use of the alexa-skill module (docs/decisions/008-import-boundaries.md). */
import { defineModule } from '../../module.ts';
import type { LinkingClient } from '../oauth/public.ts';
import { type AlexaSkillConfig, alexaSkillRoutes, type AlexaSkillRoutesOptions } from './alexa-routes.ts';
import { alexaSkillSettings } from './settings.ts';
export { ALEXA_SKILL_PATH, type AlexaSkillConfig } from './alexa-routes.ts';
export { type AlexaTrust, amazonTrust } from './request-verifier.ts';

export const alexaSkillModule = defineModule({
  name: 'alexa-skill',
  settings: alexaSkillSettings,
  // The Alexa custom skill's endpoint (docs/decisions/018-alexa-skill.md).
  routes: (
    parent,
    {
      db,
      fleet,
      commandBudget,
      linkGrants,
      tokenGrant,
      config,
    }: Pick<AlexaSkillRoutesOptions, 'db' | 'fleet' | 'commandBudget' | 'tokenGrant'> & {
      linkGrants: AlexaSkillRoutesOptions['grants'];
      config: { oauthClients: readonly LinkingClient[]; alexaSkill: AlexaSkillConfig };
    },
  ) =>
    parent.register(alexaSkillRoutes, {
      db,
      fleet,
      commandBudget,
      grants: linkGrants,
      alexaClientIds: config.oauthClients.filter((client) => client.kind === 'alexa').map((client) => client.client_id),
      tokenGrant,
      config: config.alexaSkill,
    }),
});
