import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENTS, type LinkingClient, linkingClientsSchema } from '../modules/oauth/public.ts';
import {
  basic,
  CookieJar,
  openLinkInBrowser,
  pkcePair,
  postForm,
  startAuthorization,
} from '../testing/oauth-test-client.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKinds } from '../testing/test-database.ts';

/**
 * What a client's registration in `OAUTH_CLIENTS_FILE` decides (server/modules/oauth/clients.ts): PKCE required of
 * public clients and of those registered so, honoured from all, a verifier for a code issued without a challenge
 * refused (RFC 9700 2.1.1); and which of the two ways to send a secret a confidential client may use.
 */
const PUBLIC_APP: LinkingClient = {
  client_id: 'garden-planner',
  client_name: 'Garden planner',
  kind: 'third_party',
  redirect_uris: ['http://127.0.0.1:9100/callback'],
};
const BASIC_ONLY: LinkingClient = {
  client_id: 'basic-only',
  client_secret: 'basic-only-secret',
  client_name: 'Basic only',
  kind: 'third_party',
  redirect_uris: ['https://basic.example/callback'],
  token_endpoint_auth_methods: ['client_secret_basic'],
};
const BODY_ONLY: LinkingClient = {
  ...BASIC_ONLY,
  client_id: 'body-only',
  client_secret: 'body-only-secret',
  token_endpoint_auth_methods: ['client_secret_post'],
};
const HOME_ASSISTANT = {
  id: 'homeassistant',
  secret: 'homeassistant-demo-secret',
  redirectUri: 'https://my.home-assistant.io/redirect/oauth',
};

describe.each(testDatabaseKinds)('OAuth client registrations on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { oauthClients: [...DEMO_CLIENTS, PUBLIC_APP, BASIC_ONLY, BODY_ONLY] });
  });
  afterAll(() => t.close());

  const authorizeQuery = (
    client: { client_id: string; redirect_uris: readonly string[] },
    extra: Record<string, string> = {},
  ) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: client.redirect_uris[0]!,
      state: 'state-1',
      ...extra,
    });

  it('refuses a public client’s authorization request without PKCE, back at its redirect URI with its state', async () => {
    for (const clientId of [PUBLIC_APP.client_id, 'demo-client']) {
      const client = [PUBLIC_APP, ...DEMO_CLIENTS].find((candidate) => candidate.client_id === clientId)!;
      const response = await startAuthorization(t.app, new CookieJar(), {
        clientId,
        redirectUri: client.redirect_uris[0],
        challenge: null,
      });
      const location = new URL(response.headers.location!);
      expect(`${location.origin}${location.pathname}`, clientId).toBe(client.redirect_uris[0]);
      expect(location.searchParams.get('error'), clientId).toBe('invalid_request');
      expect(location.searchParams.get('error_description'), clientId).toMatch(/PKCE/);
      expect(location.searchParams.get('state'), clientId).toBe('state-123');
    }
  });

  it('links a public client with PKCE, identified by client_id alone; a secret it does not have is refused', async () => {
    const pkce = pkcePair();
    const query = authorizeQuery(PUBLIC_APP, { code_challenge: pkce.challenge, code_challenge_method: 'S256' });
    const { callback } = await openLinkInBrowser(t.app, `/oauth/authorize?${query}`);
    const form = {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: PUBLIC_APP.redirect_uris[0]!,
      code_verifier: pkce.verifier,
    };
    const withSecret = await postForm(t.app, '/oauth/token', {
      ...form,
      client_id: PUBLIC_APP.client_id,
      client_secret: 'made-up-secret',
    });
    expect(withSecret.statusCode).toBe(401);
    const tokens = await postForm(t.app, '/oauth/token', { ...form, client_id: PUBLIC_APP.client_id });
    expect(tokens.statusCode, tokens.body).toBe(200);
    expect(tokens.json()).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) });
  });

  it('refuses a code_verifier for a code issued without a challenge (PKCE downgrade, RFC 9700 2.1.1)', async () => {
    const query = authorizeQuery({ client_id: HOME_ASSISTANT.id, redirect_uris: [HOME_ASSISTANT.redirectUri] });
    const { callback } = await openLinkInBrowser(t.app, `/oauth/authorize?${query}`);
    const form = {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: HOME_ASSISTANT.redirectUri,
      client_id: HOME_ASSISTANT.id,
      client_secret: HOME_ASSISTANT.secret,
    };
    const downgraded = await postForm(t.app, '/oauth/token', { ...form, code_verifier: pkcePair().verifier });
    expect(downgraded.statusCode).toBe(400);
    expect(downgraded.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('honours PKCE from a client that may link without it: a challenge sent must be met', async () => {
    const pkce = pkcePair();
    const query = authorizeQuery(
      { client_id: HOME_ASSISTANT.id, redirect_uris: [HOME_ASSISTANT.redirectUri] },
      { code_challenge: pkce.challenge, code_challenge_method: 'S256' },
    );
    const redeem = async (verifier?: string) => {
      const { callback } = await openLinkInBrowser(t.app, `/oauth/authorize?${query}`);
      return postForm(t.app, '/oauth/token', {
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: HOME_ASSISTANT.redirectUri,
        client_id: HOME_ASSISTANT.id,
        client_secret: HOME_ASSISTANT.secret,
        ...(verifier && { code_verifier: verifier }),
      });
    };
    expect((await redeem()).statusCode).toBe(400);
    expect((await redeem(pkcePair().verifier)).statusCode).toBe(400);
    expect((await redeem(pkce.verifier)).statusCode).toBe(200);
  });

  it('takes a secret only the ways the client’s registration allows', async () => {
    async function redeem(client: LinkingClient, how: 'basic' | 'body') {
      const { callback } = await openLinkInBrowser(t.app, `/oauth/authorize?${authorizeQuery(client)}`);
      const form = {
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: client.redirect_uris[0]!,
      };
      return how === 'basic'
        ? postForm(t.app, '/oauth/token', form, { authorization: basic(client.client_id, client.client_secret!) })
        : postForm(t.app, '/oauth/token', {
            ...form,
            client_id: client.client_id,
            client_secret: client.client_secret!,
          });
    }
    const refusedBody = await redeem(BASIC_ONLY, 'body');
    expect(refusedBody.statusCode).toBe(401);
    expect(refusedBody.json()).toMatchObject({ error: 'invalid_client' });
    expect(refusedBody.headers['www-authenticate']).toMatch(/^Basic/);
    expect((await redeem(BASIC_ONLY, 'basic')).statusCode).toBe(200);

    const refusedBasic = await redeem(BODY_ONLY, 'basic');
    expect(refusedBasic.statusCode).toBe(401);
    expect(refusedBasic.json()).toMatchObject({ error: 'invalid_client' });
    expect((await redeem(BODY_ONLY, 'body')).statusCode).toBe(200);
  });

  it('refuses registrations that cannot be safe', () => {
    const refused = (client: Record<string, unknown>) =>
      !linkingClientsSchema.safeParse([{ ...PUBLIC_APP, ...client }]).success;
    expect(refused({})).toBe(false);
    expect(refused({ require_pkce: false })).toBe(true);
    expect(refused({ token_endpoint_auth_methods: ['client_secret_post'] })).toBe(true);
    expect(refused({ kind: 'google' })).toBe(true);
    expect(refused({ kind: 'alexa' })).toBe(true);
    expect(refused({ client_secret: 'long-enough-secret', token_endpoint_auth_methods: [] })).toBe(true);
    expect(refused({ client_secret: 'long-enough-secret', token_endpoint_auth_methods: ['private_key_jwt'] })).toBe(
      true,
    );
  });
});
