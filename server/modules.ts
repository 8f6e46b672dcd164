import { coreModule } from './core-module.ts';
import { accountsModule } from './modules/accounts/public.ts';
import { alexaSkillModule } from './modules/alexa-skill/public.ts';
import { fleetModule } from './modules/fleet/public.ts';
import { googleHomeModule } from './modules/google-home/public.ts';
import { messagesModule } from './modules/messages/public.ts';
import { mqttModule } from './modules/mqtt/public.ts';
import { navimowApiModule } from './modules/navimow-api/public.ts';
import { oauthModule } from './modules/oauth/public.ts';
import { voiceLinksModule } from './modules/voice-links/public.ts';

/**
 * Every module the root files walk, in order (docs/decisions/039-module-objects.md): server/config.ts reads their
 * settings, server/main.ts runs their sweeps, docs/configuration.md describes them in this order.
 */
export const serverModules = [
  coreModule,
  accountsModule,
  oauthModule,
  fleetModule,
  mqttModule,
  navimowApiModule,
  messagesModule,
  googleHomeModule,
  alexaSkillModule,
  voiceLinksModule,
] as const;
