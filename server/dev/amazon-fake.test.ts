import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_AMAZON } from '../modules/voice-links/public.ts';
import { startFakeAmazon } from './amazon-fake.ts';

const RETURN_URL = 'https://navimow.test/smartHome/alexa/appBind';
const SKILL_REDIRECT = 'https://pitangui.amazon.com/api/skill/link/M2NAVIMOWDEMO';

/** The fake of Amazon on its own: it must refuse what Amazon refuses, or the product's tests prove nothing. */
describe('the fake of Amazon', () => {
  let amazon: Awaited<ReturnType<typeof startFakeAmazon>>;
  beforeAll(async () => {
    amazon = await startFakeAmazon({
      lwaClientId: DEMO_AMAZON.clientId,
      lwaClientSecret: DEMO_AMAZON.clientSecret,
      allowedReturnUrls: [RETURN_URL],
      skillId: DEMO_AMAZON.skillId,
      skillStage: 'live',
      // Nothing listens here: redeeming a skill code fails like a token endpoint that is down.
      accountLinking: {
        tokenUrl: 'http://127.0.0.1:9/oauth/token',
        clientId: 'alexa',
        clientSecret: 'alexa-demo-secret',
        redirectUrls: [SKILL_REDIRECT],
      },
    });
  });
  afterAll(() => amazon.close());
  afterEach(() => vi.useRealTimers());

  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  };

  const authorize = async (params: Record<string, string>) => {
    const response = await fetch(`${amazon.url}/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };

  const goodRequest = (challenge: string) => ({
    client_id: DEMO_AMAZON.clientId,
    scope: 'alexa::skills:account_linking',
    response_type: 'code',
    redirect_uri: RETURN_URL,
    state: 'state-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });

  async function code(challenge: string) {
    const { body } = await authorize(goodRequest(challenge));
    return new URL(body.redirect_to!).searchParams.get('code')!;
  }

  const token = async (
    form: Record<string, string>,
    auth: 'body' | 'basic' | 'none' = 'body',
    secret: string = DEMO_AMAZON.clientSecret,
  ) => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    const body = new URLSearchParams(form);
    if (auth === 'body') {
      body.set('client_id', DEMO_AMAZON.clientId);
      body.set('client_secret', secret);
    }
    if (auth === 'basic')
      headers.authorization = `Basic ${Buffer.from(`${DEMO_AMAZON.clientId}:${secret}`).toString('base64')}`;
    const response = await fetch(`${amazon.url}/auth/o2/token`, { method: 'POST', headers, body: body.toString() });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** A code asked for and redeemed as our server does: Amazon's answer with its tokens. */
  async function issuedTokens() {
    const { verifier, challenge } = pkce();
    return token({
      grant_type: 'authorization_code',
      code: await code(challenge),
      redirect_uri: RETURN_URL,
      code_verifier: verifier,
    });
  }

  it('redirects back with a code and the unchanged state, or with an error; never to a URL it does not allow', async () => {
    const { challenge } = pkce();
    const ok = new URL((await authorize(goodRequest(challenge))).body.redirect_to!);
    expect(ok.searchParams.get('state')).toBe('state-1');
    expect(ok.searchParams.get('code')).toBeTruthy();
    const denied = new URL((await authorize({ ...goodRequest(challenge), decision: 'deny' })).body.redirect_to!);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    const scope = new URL((await authorize({ ...goodRequest(challenge), scope: 'profile' })).body.redirect_to!);
    expect(scope.searchParams.get('error')).toBe('invalid_scope');
    expect(scope.searchParams.get('state')).toBe('state-1');
    for (const bad of [{ redirect_uri: 'https://evil.example/cb' }, { client_id: 'someone-else' }]) {
      const refused = await authorize({ ...goodRequest(challenge), ...bad });
      expect(refused.status).toBe(400);
      expect(refused.body.redirect_to).toBeUndefined();
    }
  });

  it('exchanges a code once, with the PKCE verifier, the redirect URI and the client’s credentials', async () => {
    const { verifier, challenge } = pkce();
    const form = (value: string) => ({
      grant_type: 'authorization_code',
      code: value,
      redirect_uri: RETURN_URL,
      code_verifier: verifier,
    });
    const first = await code(challenge);
    const ok = await token(form(first), 'basic');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      access_token: expect.stringMatching(/^Atza\|/),
      refresh_token: expect.stringMatching(/^Atzr\|/),
    });
    expect(await token(form(first))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    expect(await token({ ...form(await code(challenge)), code_verifier: pkce().verifier })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    const withoutVerifier = form(await code(challenge));
    delete (withoutVerifier as Partial<typeof withoutVerifier>).code_verifier;
    expect(await token(withoutVerifier)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await token({ ...form(await code(challenge)), redirect_uri: 'https://navimow.test/other' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(await token(form(await code(challenge)), 'body', 'wrong-secret')).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(await token(form(await code(challenge)), 'none')).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(await token({ code: 'x' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await token({ grant_type: 'password' })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
  });

  it('lets a code expire after 5 minutes', async () => {
    const { verifier, challenge } = pkce();
    const value = await code(challenge);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    expect(
      await token({ grant_type: 'authorization_code', code: value, redirect_uri: RETURN_URL, code_verifier: verifier }),
    ).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });

  it('refreshes with the refresh token it keeps', async () => {
    const issued = await issuedTokens();
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: String(issued.body.refresh_token) });
    expect(refreshed).toMatchObject({ status: 200, body: { refresh_token: issued.body.refresh_token } });
    expect(refreshed.body.access_token).not.toBe(issued.body.access_token);
    expect(await token({ grant_type: 'refresh_token', refresh_token: 'Atzr|unknown' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });

  it('answers the Skill Enablement API like Amazon: 401 without a token, 400 for a bad request or a code the skill refuses', async () => {
    const url = `${amazon.url}/api/v1/users/~current/skills/${DEMO_AMAZON.skillId}/enablement`;
    const enable = (authorization: string, body: unknown, skill: string = DEMO_AMAZON.skillId) =>
      fetch(url.replace(DEMO_AMAZON.skillId, skill), {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const request = {
      stage: 'live',
      accountLinkRequest: { redirectUri: SKILL_REDIRECT, authCode: 'ours', type: 'AUTH_CODE' },
    };
    expect((await enable('Bearer Atza|unknown', request)).status).toBe(401);

    const issued = await issuedTokens();
    const bearer = `Bearer ${String(issued.body.access_token)}`;
    expect((await enable(bearer, request, 'amzn1.ask.skill.other')).status).toBe(404);
    for (const bad of [
      { ...request, stage: 'development' },
      { ...request, accountLinkRequest: { ...request.accountLinkRequest, type: 'IMPLICIT' } },
      { ...request, accountLinkRequest: { ...request.accountLinkRequest, redirectUri: 'https://evil.example/' } },
    ]) {
      const response = await enable(bearer, bad);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
    // Our token endpoint is not there: Amazon cannot redeem the code, and nothing is enabled.
    expect((await enable(bearer, request)).status).toBe(500);
    expect((await fetch(url, { headers: { authorization: bearer } })).status).toBe(404);
    expect((await fetch(url, { method: 'DELETE', headers: { authorization: bearer } })).status).toBe(404);
  });

  it('has a fault switch: fail, hang, or none', async () => {
    const set = (body: unknown) =>
      fetch(`${amazon.url}/fault`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await set({ mode: 'explode' })).status).toBe(400);
    expect(await (await set({ mode: 'fail', on: 'token' })).json()).toEqual({ mode: 'fail', on: 'token' });
    expect(await token({ grant_type: 'refresh_token', refresh_token: 'x' })).toMatchObject({
      status: 500,
      body: { error: 'server_error' },
    });
    expect(await (await fetch(`${amazon.url}/fault`)).json()).toEqual({ mode: 'fail', on: 'token' });
    expect(await (await set({ mode: 'none' })).json()).toEqual({ mode: 'none' });
    expect((await token({ grant_type: 'refresh_token', refresh_token: 'x' })).status).toBe(400);
  });
});
