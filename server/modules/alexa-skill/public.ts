/** What the rest of the server may use of the alexa-skill module (docs/decisions/008-import-boundaries.md). */
import { defineModule } from '../../module.ts';
import { alexaSkillSettings } from './settings.ts';
export { ALEXA_SKILL_PATH, type AlexaSkillConfig, alexaSkillRoutes } from './alexa-routes.ts';
export { type AlexaTrust, amazonTrust } from './request-verifier.ts';

export const alexaSkillModule = defineModule({ name: 'alexa-skill', settings: alexaSkillSettings });
