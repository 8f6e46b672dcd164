import { z } from 'zod';
import { defineSettings, jsonFile, list } from '../../settings.ts';
import { linkingClientsSchema } from './clients.ts';

export const oauthSettings = defineSettings({
  OAUTH_CLIENTS_FILE: {
    schema: jsonFile(linkingClientsSchema).optional(),
    default: 'required unless `NAVIMOW_DEMO=on`',
    description:
      'JSON array of `{ client_id, client_secret, client_name, kind: "alexa"\\|"google"\\|"hornbach"\\|"third_party", redirect_uris, require_pkce?, token_endpoint_auth_methods?, other_redirects? }`: no `client_secret` makes a public client (third parties only; PKCE always); `require_pkce: true` makes a confidential client send PKCE too; `token_endpoint_auth_methods` narrows `["client_secret_basic", "client_secret_post"]`; `redirect_uris` match exactly, but a loopback one listed without a port (`http://127.0.0.1/callback`) matches on any port; `other_redirects: "after_consent"` (third parties only) accepts any other http(s) redirect once the user has confirmed its host on the consent screen after signing in (`docs/voice-assistants.md`)',
  },
  OAUTH_COOKIE_KEYS: {
    schema: list.optional(),
    default: 'random per process',
    description:
      'comma-separated keys signing OAuth interaction cookies (first signs); the same in every process when several serve (`docs/decisions/013-several-processes.md`)',
  },
  TOKEN_REQUESTS_PER_MINUTE: {
    schema: z.coerce.number().int().min(1).default(3000),
    description:
      "flood limit on `/oauth/token` and `/oauth/revoke` per client address (Amazon and Google refresh all their users' tokens from a few addresses)",
  },
  AUTHORIZE_REQUESTS_PER_MINUTE: {
    schema: z.coerce.number().int().min(1).default(120),
    description:
      'flood limit on `GET /oauth/authorize` per client address: each request stores a sign-in in progress for 10 minutes, so one address keeps at most this times 10 (a link takes one request; an office behind one address links far fewer a minute)',
  },
});
