import { defineModule } from './module.ts';
import type { LinkingClient } from './modules/oauth/public.ts';
import { AMAZON_FAKE_PREFIX, type AmazonConfig } from './modules/voice-links/public.ts';

interface FakeNeeds {
  config: {
    simulator: boolean;
    publicUrl: string;
    amazon: AmazonConfig | undefined;
    oauthClients: readonly LinkingClient[];
  };
}

/**
 * The stand-ins for outside services in the simulated setup (server/dev, under /dev/): the local fake of Amazon (Login
 * with Amazon, the Skill Enablement API) for Alexa's app-to-app linking, only with the simulator, and loaded only
 * then, never in production (docs/decisions/012-voice-links.md).
 */
export const devServicesModule = defineModule({
  name: 'dev-services',
  routes: async (app, { config }: FakeNeeds) => {
    const { simulator, publicUrl, amazon, oauthClients } = config;
    const alexaClient = oauthClients.find((client) => client.client_id === amazon?.ourClientId);
    if (!simulator || !amazon || !alexaClient?.client_secret) return;
    const { amazonFakeRoutes, FakeAmazon } = await import('./dev/amazon-fake.ts');
    const fake = new FakeAmazon({
      lwaClientId: amazon.clientId,
      lwaClientSecret: amazon.clientSecret,
      allowedReturnUrls: [amazon.appLinkRedirectUri],
      skillId: amazon.skillId,
      skillStage: amazon.skillStage,
      accountLinking: {
        tokenUrl: `${publicUrl}/oauth/token`,
        clientId: alexaClient.client_id,
        clientSecret: alexaClient.client_secret,
        redirectUrls: alexaClient.redirect_uris,
      },
    });
    await app.register(amazonFakeRoutes, { prefix: AMAZON_FAKE_PREFIX, fake });
  },
});
