import { coreModule } from './core-module.ts';
import { devServicesModule } from './dev-services.ts';
import { pagesModule } from './pages-module.ts';
import { accountsModule } from './modules/accounts/public.ts';
import { alexaSkillModule } from './modules/alexa-skill/public.ts';
import { commentsModule } from './modules/comments/public.ts';
import { fleetModule } from './modules/fleet/public.ts';
import { googleHomeModule } from './modules/google-home/public.ts';
import { healthModule } from './modules/health/public.ts';
import { messagesModule } from './modules/messages/public.ts';
import { mowersModule } from './modules/mowers/public.ts';
import { mqttModule } from './modules/mqtt/public.ts';
import { navimowApiModule } from './modules/navimow-api/public.ts';
import { newsletterModule } from './modules/newsletter/public.ts';
import { oauthModule } from './modules/oauth/public.ts';
import { policyModule } from './modules/policy/public.ts';
import { sharingModule } from './modules/sharing/public.ts';
import { voiceLinksModule } from './modules/voice-links/public.ts';

/**
 * Every module the root files walk, in order (docs/decisions/039-module-objects.md): server/config.ts reads their
 * settings, server/app.ts starts them (each given what the ones before it provide), registers their routes and
 * closes them in the reverse order, server/main.ts runs their sweeps, and docs/configuration.md describes their
 * settings, each in this order.
 */
export const serverModules = [
  coreModule,
  healthModule,
  accountsModule,
  oauthModule,
  mowersModule,
  fleetModule,
  mqttModule,
  navimowApiModule,
  commentsModule,
  sharingModule,
  policyModule,
  newsletterModule,
  messagesModule,
  googleHomeModule,
  alexaSkillModule,
  voiceLinksModule,
  devServicesModule,
  pagesModule,
] as const;
