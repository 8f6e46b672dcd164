/**
 * Where Amazon is and who we are to it, for Alexa's app-to-app account linking (server/config.ts fills it from the
 * environment; docs/decisions/012-voice-links.md). In production these are Amazon's own endpoints and the
 * credentials of the skill's Login with Amazon security profile; with the simulator on they point at the local fake
 * under `/dev/amazon/` (server/dev/amazon-fake.ts).
 */
export interface AmazonConfig {
  /** The Alexa app's account-linking consent page (a universal / app link), without parameters. */
  alexaAppUrl: string;
  /** Login with Amazon's authorization endpoint, the fallback when the Alexa app is not installed. */
  lwaAuthorizationUrl: string;
  /** Login with Amazon's token endpoint. */
  lwaTokenUrl: string;
  /** The Alexa REST API of the users' region (api.amazonalexa.com, api.eu.amazonalexa.com, api.fe.amazonalexa.com). */
  alexaApiUrl: string;
  /** The LWA security profile of the skill. */
  clientId: string;
  clientSecret: string;
  skillId: string;
  skillStage: 'development' | 'live';
  /** Our OAuth client that the skill uses (kind `alexa`), and the one of its redirect URIs our codes are bound to. */
  ourClientId: string;
  amazonRedirectUri: string;
  /** Where Amazon sends the user back with its code: `${publicUrl}/smartHome/alexa/appBind`. */
  appBindRedirectUri: string;
  /** How long one call to Amazon may take, in milliseconds. */
  timeoutMs: number;
}

/** The scope Amazon's code must carry for the Skill Enablement API. */
export const ALEXA_LINKING_SCOPE = 'alexa::skills:account_linking';

/** The path of the return leg, on our origin. */
export const APP_BIND_PATH = '/smartHome/alexa/appBind';

/** Where the local fake of Amazon is mounted when the simulator is on. */
export const AMAZON_FAKE_PREFIX = '/dev/amazon';

/** The fake's paths, as Amazon's own (server/dev/amazon-fake.ts). */
export const AMAZON_FAKE_PATHS = {
  alexaApp: '/spa/skill-account-linking-consent',
  lwaAuthorization: '/ap/oa',
  lwaToken: '/auth/o2/token',
  api: '/api',
} as const;

/** The demo's LWA security profile and skill, known to the fake (published, like the demo's OAuth clients). */
export const DEMO_AMAZON = {
  clientId: 'amzn1.application-oa2-client.navimowdemo',
  clientSecret: 'navimow-demo-lwa-secret',
  skillId: 'amzn1.ask.skill.navimow-demo',
  skillStage: 'development',
} as const;
