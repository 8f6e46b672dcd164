import { z } from 'zod';

/** How a confidential client proves itself at the token and revocation endpoints (RFC 6749 section 2.3.1). */
export const CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post'] as const;
export type ClientAuthMethod = (typeof CLIENT_AUTH_METHODS)[number];

/**
 * The OAuth clients allowed to link accounts: configuration, not data (server/config.ts reads
 * `OAUTH_CLIENTS_FILE`); without it the contract's demo clients are registered (README, Demo data).
 */
const clientSchema = z
  .object({
    client_id: z.string().min(1),
    /** Absent: a public client (an app that cannot keep a secret), which must use PKCE. */
    client_secret: z.string().min(8).optional(),
    client_name: z.string().min(1),
    /** Which login page and permission text the user sees. */
    kind: z.enum(['alexa', 'google', 'hornbach', 'third_party']),
    /** Matched exactly, but for a loopback redirect listed without a port, which matches on any port (RFC 8252 7.3). */
    redirect_uris: z.array(z.url()).min(1),
    /**
     * `after_consent`: any other http(s) redirect URI is accepted once the signed-in user has confirmed its host on the
     * consent screen; for a client whose secret is public and whose users run it at addresses of their own
     * (docs/decisions/005-oauth-server.md). Absent: the redirect URIs above only.
     */
    other_redirects: z.literal('after_consent').optional(),
    /**
     * PKCE (S256) on every authorization request. Always so for a public client; a confidential client that
     * authenticates with its secret may link without it unless this says otherwise (docs/decisions/005-oauth-server.md).
     */
    require_pkce: z.boolean().optional(),
    /** How a confidential client may send its secret; both unless the registration narrows it. */
    token_endpoint_auth_methods: z.array(z.enum(CLIENT_AUTH_METHODS)).min(1).optional(),
  })
  .superRefine((client, context) => {
    if (client.other_redirects !== undefined && client.kind !== 'third_party') {
      // Amazon's and Google's redirect URIs are fixed per skill and project: a link to anywhere else is crafted.
      context.addIssue({
        code: 'custom',
        path: ['other_redirects'],
        message: `a ${client.kind} client has fixed redirect_uris: no other_redirects`,
      });
    }
    if (client.client_secret !== undefined) return;
    if (client.kind !== 'third_party') {
      // Amazon's and Google's account linking and Hornbach's server always authenticate with a secret.
      context.addIssue({
        code: 'custom',
        path: ['client_secret'],
        message: `a ${client.kind} client needs a client_secret`,
      });
    }
    if (client.require_pkce === false) {
      context.addIssue({
        code: 'custom',
        path: ['require_pkce'],
        message: 'a public client (no client_secret) must use PKCE',
      });
    }
    if (client.token_endpoint_auth_methods) {
      context.addIssue({
        code: 'custom',
        path: ['token_endpoint_auth_methods'],
        message: 'a public client (no client_secret) has no secret to send',
      });
    }
  });

export type LinkingClient = z.infer<typeof clientSchema>;

export const linkingClientsSchema = z.array(clientSchema).min(1).readonly();

/** A client that holds no secret: it is identified, not authenticated, at the token endpoint. */
export const isPublicClient = (client: LinkingClient) => client.client_secret === undefined;

/** Whether the authorization endpoint refuses this client's requests without a PKCE challenge. */
export const requiresPkce = (client: LinkingClient) => isPublicClient(client) || client.require_pkce === true;

/** The ways this client may authenticate; empty for a public client. */
export const authMethodsOf = (client: LinkingClient): readonly ClientAuthMethod[] =>
  isPublicClient(client) ? [] : (client.token_endpoint_auth_methods ?? CLIENT_AUTH_METHODS);

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
    // The demo's stand-in for a careful third party: its registration asks for PKCE although it has a secret.
    require_pkce: true,
  },
  {
    client_id: 'homeassistant',
    client_secret: 'homeassistant-demo-secret',
    client_name: 'Home Assistant',
    kind: 'third_party',
    // My Home Assistant; ioBroker (localhost:1, the user pastes the address back) and homebridge (127.0.0.1:47129 or
    // another free port) on the loopback; Home Assistant's own URL and LoxBerry's host after consent.
    redirect_uris: [
      'https://my.home-assistant.io/redirect/oauth',
      'http://localhost/callback',
      'http://127.0.0.1/callback',
    ],
    other_redirects: 'after_consent',
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
