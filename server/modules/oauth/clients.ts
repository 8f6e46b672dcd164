import { z } from 'zod';

/**
 * The OAuth clients allowed to link accounts: configuration, not data (server/config.ts reads
 * `OAUTH_CLIENTS_FILE`); without it the contract's demo clients are registered (README, Demo data).
 */
const clientSchema = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().min(8),
  client_name: z.string().min(1),
  /** Which login page and permission text the user sees. */
  kind: z.enum(['alexa', 'google', 'hornbach', 'third_party']),
  redirect_uris: z.array(z.url()).min(1),
});

export type LinkingClient = z.infer<typeof clientSchema>;

export const linkingClientsSchema = z.array(clientSchema).min(1).readonly();

const ALEXA_VENDOR_ID = 'M2NAVIMOWDEMO';
const GOOGLE_PROJECT = 'navimow-demo';
/** Hornbach's smart-home app links with the web login like any third party; its own kind shows its link state. */
const HORNBACH_REDIRECT = 'https://smarthome.hornbach.example/oauth/navimow/callback';

export const DEMO_CLIENTS: readonly LinkingClient[] = [
  {
    client_id: 'demo-client',
    client_secret: 'demo-secret',
    client_name: 'Navimow demo client',
    kind: 'third_party',
    redirect_uris: ['http://127.0.0.1:8765/callback'],
  },
  {
    client_id: 'homeassistant',
    client_secret: 'homeassistant-demo-secret',
    client_name: 'Home Assistant',
    kind: 'third_party',
    redirect_uris: ['https://my.home-assistant.io/redirect/oauth'],
  },
  {
    client_id: 'alexa',
    client_secret: 'alexa-demo-secret',
    client_name: 'Amazon Alexa',
    kind: 'alexa',
    redirect_uris: ['pitangui.amazon.com', 'layla.amazon.com', 'alexa.amazon.co.jp'].map(
      (host) => `https://${host}/api/skill/link/${ALEXA_VENDOR_ID}`,
    ),
  },
  {
    client_id: 'google',
    client_secret: 'google-demo-secret',
    client_name: 'Google Home',
    kind: 'google',
    redirect_uris: [`https://oauth-redirect.googleusercontent.com/r/${GOOGLE_PROJECT}`],
  },
  {
    client_id: 'hornbach',
    client_secret: 'hornbach-demo-secret',
    client_name: 'HORNBACH Smart Home',
    kind: 'hornbach',
    redirect_uris: [HORNBACH_REDIRECT],
  },
];
