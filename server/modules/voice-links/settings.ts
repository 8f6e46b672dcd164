import { z } from 'zod';
import { defineSettings, httpUrl } from '../../settings.ts';

export const voiceLinkSettings = defineSettings({
  LWA_CLIENT_ID: {
    schema: z.string().min(1).optional(),
    default: "unset: Alexa app-to-app linking off (simulator: the fake's demo profile)",
    description:
      "the Alexa skill's Login with Amazon security profile (its allowed return URL: `$PUBLIC_URL/smartHome/alexa/appBind`)",
  },
  LWA_CLIENT_SECRET: {
    schema: z.string().min(1).optional(),
    default: 'required with `LWA_CLIENT_ID`',
    description: "the security profile's secret",
  },
  ALEXA_SKILL_STAGE: {
    schema: z.enum(['development', 'live']).optional(),
    default: '`live` (simulator: `development`)',
    description: 'the stage of the skill that linking enables',
  },
  ALEXA_REDIRECT_URI: {
    schema: z.url({ protocol: /^https$/ }).optional(),
    default: "required with `LWA_CLIENT_ID` (simulator: the alexa client's first)",
    description:
      "the Amazon redirect URL our codes for the Skill Enablement API are bound to; one of the `alexa` client's `redirect_uris`",
  },
  ALEXA_APP_URL: {
    schema: httpUrl().optional(),
    default: "Amazon's",
    description: "the Alexa app's consent page",
  },
  LWA_AUTHORIZATION_URL: {
    schema: httpUrl().optional(),
    default: "Amazon's",
    description: "Login with Amazon's authorization endpoint",
  },
  LWA_TOKEN_URL: {
    schema: httpUrl().optional(),
    default: "Amazon's (simulator: the fake under `/dev/amazon/`)",
    description: "Login with Amazon's token endpoint",
  },
  ALEXA_API_URL: {
    schema: httpUrl().optional(),
    default: '`https://api.amazonalexa.com` (simulator: the fake)',
    description: "the Alexa API of the users' region (`https://api.eu.amazonalexa.com` for Europe)",
  },
  AMAZON_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(100).max(60_000).default(8000),
    description: "how long one call to Amazon (or a fetch of a certificate chain of Alexa's) may take before it fails",
  },
});
