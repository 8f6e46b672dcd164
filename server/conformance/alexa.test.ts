import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../db/seed.ts';
import { CHAIN_URL, envelope, SKILL_ID, sign, testTrust } from '../testing/alexa-requests.ts';
import { basic, openLinkInBrowser, pkcePair, postForm } from '../testing/oauth-test-client.ts';
import { createTestApp, type TestApp, testConfig } from '../testing/test-app.ts';
import { testDatabaseKinds } from '../testing/test-database.ts';

/**
 * Alexa account linking (auth code grant) as Amazon's "Configure an Authorization Code Grant" page says it calls us,
 * in each combination of the two console choices the skill's developer makes:
 * - PKCE on or off: the authorization URI is opened with state, client_id, response_type, scope and redirect_uri,
 *   plus code_challenge and code_challenge_method=S256 when on; the token request then carries code_verifier;
 * - "Client Authentication Scheme": HTTP Basic (client id and secret in the Authorization header) or credentials in
 *   the request body.
 * Alexa redeems the code and later refreshes with the same scheme, and sends the access token in every request to
 * the skill.
 */
const ALEXA = {
  id: 'alexa',
  secret: 'alexa-demo-secret',
  redirectUri: 'https://layla.amazon.com/api/skill/link/M2NAVIMOWDEMO',
};
const AUTHORIZATION_URI = '/smartHome/alexa/installNavimow';
const TOKEN_URI = '/oauth/token';

const SETTINGS = [
  { pkce: false, scheme: 'HTTP Basic' },
  { pkce: false, scheme: 'Credentials in request body' },
  { pkce: true, scheme: 'HTTP Basic' },
  { pkce: true, scheme: 'Credentials in request body' },
] as const;

describe.each(testDatabaseKinds)('Alexa account linking on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      alexaSkill: { ...testConfig().alexaSkill, skillId: SKILL_ID, trust: testTrust, timeoutMs: 1000 },
    });
  });
  afterAll(() => t.close());

  /** A token request with the console's client authentication scheme. */
  function tokenRequest(scheme: (typeof SETTINGS)[number]['scheme'], form: Record<string, string>) {
    return scheme === 'HTTP Basic'
      ? postForm(t.app, TOKEN_URI, form, { authorization: basic(ALEXA.id, ALEXA.secret) })
      : postForm(t.app, TOKEN_URI, { ...form, client_id: ALEXA.id, client_secret: ALEXA.secret });
  }

  /** A signed skill request, as Alexa sends one when the user asks for the battery. */
  async function askBattery(accessToken: string) {
    const body = JSON.stringify(
      envelope({ token: accessToken, intent: 'BatteryIntent', mower: DEMO.mowers.owned.name }),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/alexa/skill',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        signaturecertchainurl: CHAIN_URL,
        'signature-256': sign(body),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    return String(response.json().response.outputSpeech.ssml);
  }

  it.each(SETTINGS)(
    'links with PKCE $pkce and $scheme, refreshes the same way, and the skill answers with the token',
    async ({ pkce, scheme }) => {
      const state = `amzn-${randomUUID()}`;
      const verifier = pkcePair();
      const query = new URLSearchParams({
        state,
        client_id: ALEXA.id,
        response_type: 'code',
        scope: 'mower:read mower:control',
        redirect_uri: ALEXA.redirectUri,
      });
      if (pkce) {
        query.set('code_challenge', verifier.challenge);
        query.set('code_challenge_method', 'S256');
      }
      const { loginPage, callback } = await openLinkInBrowser(t.app, `${AUTHORIZATION_URI}?${query}`);
      expect(loginPage.pathname).toBe(AUTHORIZATION_URI);
      expect(`${callback.origin}${callback.pathname}`).toBe(ALEXA.redirectUri);
      expect(callback.searchParams.get('state')).toBe(state);

      const issued = await tokenRequest(scheme, {
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: ALEXA.redirectUri,
        ...(pkce && { code_verifier: verifier.verifier }),
      });
      expect(issued.statusCode, issued.body).toBe(200);
      const tokens = issued.json<{ access_token: string; refresh_token: string; expires_in: number }>();
      // Alexa refreshes when an access token has less than its 360 s minimum left.
      expect(tokens.expires_in).toBeGreaterThan(360);
      expect(await askBattery(tokens.access_token)).toContain('92');

      const refreshed = await tokenRequest(scheme, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      expect(await askBattery(refreshed.json<{ access_token: string }>().access_token)).toContain('92');
    },
  );

  it('with PKCE on, refuses the code without its verifier or with another one', async () => {
    const verifier = pkcePair();
    const query = new URLSearchParams({
      state: 'amzn-state',
      client_id: ALEXA.id,
      response_type: 'code',
      scope: 'mower:read mower:control',
      redirect_uri: ALEXA.redirectUri,
      code_challenge: verifier.challenge,
      code_challenge_method: 'S256',
    });
    for (const codeVerifier of [undefined, pkcePair().verifier]) {
      const { callback } = await openLinkInBrowser(t.app, `${AUTHORIZATION_URI}?${query}`);
      const form = {
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: ALEXA.redirectUri,
      };
      const refused = await tokenRequest('HTTP Basic', {
        ...form,
        ...(codeVerifier && { code_verifier: codeVerifier }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
    }
  });
});
