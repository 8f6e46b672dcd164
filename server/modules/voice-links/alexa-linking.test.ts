import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALEXA_LINK_STATE_TTL_SECONDS, type AlexaStart, type VoiceLink } from '../../../common/voice-links.ts';
import { loadConfig } from '../../config.ts';
import { DEMO } from '../../db/seed.ts';
import { linkAndRedeem, mowersWith, tokenRequest } from '../../testing/oauth-test-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { type AmazonConfig, DEMO_AMAZON } from './amazon-config.ts';
import { type FakeAmazonFault, startFakeAmazon } from '../../dev/amazon-fake.ts';

const ALEXA = {
  clientId: 'alexa',
  secret: 'alexa-demo-secret',
  redirectUri: 'https://pitangui.amazon.com/api/skill/link/M2NAVIMOWDEMO',
};
const APP_BIND = 'https://navimow.test/smartHome/alexa/appBind';
// Long enough for a local answer on a loaded two-core machine; a hang lasts far longer, so an answer within two of
// these still proves the timeout cut it short.
const TIMEOUT_MS = 2_000;

type Session = { authorization: string };

describe.each(testDatabaseKinds)('Alexa app-to-app linking through the fake of Amazon on %s', (kind) => {
  let t: TestApp;
  let amazon: Awaited<ReturnType<typeof startFakeAmazon>>;
  let config: AmazonConfig;
  let owner: Session;
  let friend: Session;

  beforeAll(async () => {
    amazon = await startFakeAmazon({
      lwaClientId: DEMO_AMAZON.clientId,
      lwaClientSecret: DEMO_AMAZON.clientSecret,
      allowedReturnUrls: [APP_BIND],
      skillId: DEMO_AMAZON.skillId,
      skillStage: 'development',
      accountLinking: {
        tokenUrl: 'set below',
        clientId: ALEXA.clientId,
        clientSecret: ALEXA.secret,
        redirectUrls: [ALEXA.redirectUri],
      },
      hangMs: 20_000,
    });
    config = {
      alexaAppUrl: `${amazon.url}/spa/skill-account-linking-consent`,
      lwaAuthorizationUrl: `${amazon.url}/ap/oa`,
      lwaTokenUrl: `${amazon.url}/auth/o2/token`,
      alexaApiUrl: `${amazon.url}/api`,
      clientId: DEMO_AMAZON.clientId,
      clientSecret: DEMO_AMAZON.clientSecret,
      skillId: DEMO_AMAZON.skillId,
      skillStage: 'development',
      ourClientId: ALEXA.clientId,
      amazonRedirectUri: ALEXA.redirectUri,
      appBindRedirectUri: APP_BIND,
      timeoutMs: TIMEOUT_MS,
    };
    t = await createTestApp(kind, { amazon: config });
    // Amazon redeems our codes at our token endpoint over HTTP: the product listens.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    amazon.fake.settings.accountLinking.tokenUrl = `${address}/oauth/token`;
    owner = await t.signIn();
    friend = await t.signIn(DEMO.friend.email, DEMO.friend.password);
  });
  afterAll(async () => {
    await amazon?.close();
    await t?.close();
  });
  afterEach(() => {
    amazon.fake.fault = { mode: 'none' };
    vi.useRealTimers();
  });

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, session: Session, payload?: object) =>
    t.app.inject({ method, url: `/api/voice-links${url}`, headers: session, ...(payload && { payload }) });

  const alexaLink = async (session: Session) =>
    (await api('GET', '', session)).json<{ links: VoiceLink[] }>().links.find((link) => link.platform === 'alexa')!;

  const start = async (session: Session) => {
    const response = await api('POST', '/alexa/start', session);
    expect(response.statusCode).toBe(200);
    return response.json<AlexaStart>();
  };

  /** The user consenting in the Alexa app (or on LWA's page): Amazon's redirect back to appBind, with code and state. */
  async function consent(url: string) {
    const response = await fetch(`${amazon.url}/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    expect(response.status).toBe(200);
    const back = new URL(((await response.json()) as { redirect_to: string }).redirect_to);
    expect(`${back.origin}${back.pathname}`).toBe(APP_BIND);
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }

  const complete = (session: Session, body: { code: string; state: string }) =>
    api('POST', '/alexa/complete', session, body);

  const setFault = (fault: FakeAmazonFault) => {
    amazon.fake.fault = fault;
  };

  /** Everything of ours the Alexa client holds for the account, and Amazon's tokens we keep. */
  const alexaRecords = async (accountId: string) => ({
    oauth: await t.db
      .selectFrom('oauth_records')
      .select(['model'])
      .where('client_id', '=', ALEXA.clientId)
      .where('account_id', '=', accountId)
      .execute(),
    amazon: await t.db
      .selectFrom('alexa_amazon_links')
      .select('grant_id')
      .where('account_id', '=', accountId)
      .execute(),
  });

  const refreshAsAmazon = (refreshToken: string) =>
    tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: refreshToken }, ALEXA.clientId, ALEXA.secret);

  async function linkThroughAmazon(session: Session, leg: 'alexa_app_url' | 'lwa_fallback_url' = 'alexa_app_url') {
    const urls = await start(session);
    const response = await complete(session, await consent(urls[leg]));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ link: VoiceLink }>().link;
  }

  it('starts with Amazon’s two URLs: one state, PKCE S256, our appBind return, expiring in 10 minutes', async () => {
    const before = Date.now();
    const urls = await start(owner);
    const app = new URL(urls.alexa_app_url);
    const lwa = new URL(urls.lwa_fallback_url);
    expect(`${app.origin}${app.pathname}`).toBe(config.alexaAppUrl);
    expect(`${lwa.origin}${lwa.pathname}`).toBe(config.lwaAuthorizationUrl);
    expect(Object.fromEntries(app.searchParams)).toMatchObject({
      fragment: 'skill-account-linking-consent',
      client_id: DEMO_AMAZON.clientId,
      scope: 'alexa::skills:account_linking',
      skill_stage: 'development',
      response_type: 'code',
      redirect_uri: APP_BIND,
      code_challenge_method: 'S256',
    });
    expect(Object.fromEntries(lwa.searchParams)).toMatchObject({
      client_id: DEMO_AMAZON.clientId,
      scope: 'alexa::skills:account_linking',
      response_type: 'code',
      redirect_uri: APP_BIND,
      code_challenge_method: 'S256',
    });
    expect(app.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(lwa.searchParams.get('state')).toBe(app.searchParams.get('state'));
    expect(lwa.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(lwa.searchParams.get('code_challenge')).toBe(app.searchParams.get('code_challenge'));
    const expiresAt = Date.parse(urls.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + ALEXA_LINK_STATE_TTL_SECONDS * 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + ALEXA_LINK_STATE_TTL_SECONDS * 1000);
    expect(new URL((await start(owner)).alexa_app_url).searchParams.get('state')).not.toBe(
      app.searchParams.get('state'),
    );
  });

  it('links end to end: consent, complete, Amazon redeems our code; unlinking disables the skill and ends Amazon’s tokens', async () => {
    expect((await alexaLink(owner)).bound).toBe(false);
    const before = Date.now() - 1000;
    const link = await linkThroughAmazon(owner);
    expect(link).toMatchObject({ platform: 'alexa', bound: true, client_id: ALEXA.clientId });
    expect(Date.parse(link.bound_since!)).toBeGreaterThanOrEqual(before);
    expect(await alexaLink(owner)).toEqual(link);

    // Amazon holds tokens of ours that work, as Alexa uses them for the skill.
    const held = amazon.fake.enablement()!;
    expect(held.stage).toBe('development');
    const mowers = await mowersWith(t.app, held.linkedTokens.access_token);
    expect(mowers.statusCode).toBe(200);
    const refreshed = await refreshAsAmazon(held.linkedTokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    // Amazon's own tokens are kept for unlinking, never answered to the app.
    expect(JSON.stringify(link)).not.toContain('Atz');

    expect((await api('DELETE', '/alexa', owner)).statusCode).toBe(204);
    expect(amazon.fake.enablement()).toBeUndefined();
    const afterUnlink = await refreshAsAmazon(refreshed.json().refresh_token);
    expect(afterUnlink.statusCode).toBe(400);
    expect(afterUnlink.json().error).toBe('invalid_grant');
    expect((await mowersWith(t.app, refreshed.json().access_token)).statusCode).toBe(401);
    expect(await alexaLink(owner)).toEqual({ platform: 'alexa', bound: false, bound_since: null, client_id: null });
    expect(await alexaRecords(DEMO.owner.id)).toEqual({ oauth: [], amazon: [] });
    // A retry of the unlink is harmless.
    expect((await api('DELETE', '/alexa', owner)).statusCode).toBe(204);
  });

  it('links through Login with Amazon when the Alexa app is not installed', async () => {
    expect((await linkThroughAmazon(friend, 'lwa_fallback_url')).bound).toBe(true);
    expect((await api('DELETE', '/alexa', friend)).statusCode).toBe(204);
    expect((await alexaLink(friend)).bound).toBe(false);
  });

  it('refuses a wrong, replayed, expired or another account’s state with invalid_state, before asking Amazon', async () => {
    const expectInvalidState = async (session: Session, body: { code: string; state: string }) => {
      const response = await complete(session, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_state', field: 'body.state' });
    };
    const urls = await start(owner);
    const returned = await consent(urls.alexa_app_url);
    await expectInvalidState(owner, { ...returned, state: 'not-a-state-we-made' });
    // The other account cannot use it, and does not use it up.
    await expectInvalidState(friend, returned);
    expect((await complete(owner, returned)).statusCode).toBe(200);
    await expectInvalidState(owner, returned);

    const late = await consent((await start(owner)).alexa_app_url);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (ALEXA_LINK_STATE_TTL_SECONDS + 1) * 1000);
    await expectInvalidState(owner, late);
    vi.useRealTimers();
    expect((await api('DELETE', '/alexa', owner)).statusCode).toBe(204);
  });

  it('lets exactly one of two completes with one state proceed', async () => {
    const returned = await consent((await start(owner)).alexa_app_url);
    const answers = await Promise.all([complete(owner, returned), complete(owner, returned)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json().error.code).toBe('invalid_state');
    expect((await alexaRecords(DEMO.owner.id)).amazon).toHaveLength(1);
    expect((await api('DELETE', '/alexa', owner)).statusCode).toBe(204);
  });

  it('answers amazon_failed for a code Amazon refuses, links nothing, and uses the state up', async () => {
    const urls = await start(friend);
    const { state } = await consent(urls.alexa_app_url);
    const response = await complete(friend, { code: 'ANnotacodeAmazonIssued', state });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('amazon_failed');
    expect(await alexaLink(friend)).toMatchObject({ bound: false });
    expect(await alexaRecords(DEMO.friend.id)).toEqual({ oauth: [], amazon: [] });
    expect((await complete(friend, { code: 'ANnotacodeAmazonIssued', state })).json().error.code).toBe('invalid_state');

    // Amazon's codes are single-use: one used already fails with a new state too.
    const used = await consent((await start(friend)).alexa_app_url);
    expect((await complete(friend, used)).statusCode).toBe(200);
    const again = await consent((await start(friend)).alexa_app_url);
    const replay = await complete(friend, { code: used.code, state: again.state });
    expect(replay.json().error.code).toBe('amazon_failed');
    expect((await api('DELETE', '/alexa', friend)).statusCode).toBe(204);
  });

  for (const [fault, what] of [
    [{ mode: 'fail', on: 'token' }, 'Amazon’s token endpoint failing'],
    [{ mode: 'fail', on: 'enablement' }, 'the Skill Enablement API failing'],
    [{ mode: 'hang', on: 'token' }, 'Amazon’s token endpoint not answering'],
    [{ mode: 'hang', on: 'enablement' }, 'the Skill Enablement API not answering'],
  ] as const) {
    it(`answers amazon_failed for ${what}, in time, and leaves nothing half-linked`, async () => {
      const returned = await consent((await start(friend)).alexa_app_url);
      setFault(fault);
      const began = Date.now();
      const response = await complete(friend, returned);
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toMatchObject({ code: 'amazon_failed', message: expect.any(String) });
      expect(Date.now() - began).toBeLessThan(TIMEOUT_MS * 2 + 1000);
      expect(await alexaLink(friend)).toMatchObject({ bound: false });
      expect(await alexaRecords(DEMO.friend.id)).toEqual({ oauth: [], amazon: [] });
      expect(amazon.fake.enablement()).toBeUndefined();
    });
  }

  it('stays bound when Amazon fails to disable the skill, and unlinks on a retry', async () => {
    await linkThroughAmazon(owner);
    const held = amazon.fake.enablement()!;
    for (const fault of [
      { mode: 'fail', on: 'enablement' },
      { mode: 'hang', on: 'all' },
    ] as const) {
      setFault(fault);
      const response = await api('DELETE', '/alexa', owner);
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe('amazon_failed');
      expect((await alexaLink(owner)).bound).toBe(true);
    }
    setFault({ mode: 'none' });
    expect((await refreshAsAmazon(held.linkedTokens.refresh_token)).statusCode).toBe(200);
    expect((await api('DELETE', '/alexa', owner)).statusCode).toBe(204);
    expect((await alexaLink(owner)).bound).toBe(false);
    expect(amazon.fake.enablement()).toBeUndefined();
  });

  it('refreshes Amazon’s access token to disable the skill when it has expired or is refused', async () => {
    for (const stale of [
      { access_expires_at: new Date(Date.now() - 1000).toISOString() },
      { access_token: 'Atza|refused-by-amazon' },
    ]) {
      await linkThroughAmazon(owner);
      await t.db.updateTable('alexa_amazon_links').set(stale).where('account_id', '=', DEMO.owner.id).execute();
      expect((await api('DELETE', '/alexa', owner)).statusCode).toBe(204);
      expect(amazon.fake.enablement()).toBeUndefined();
      expect((await alexaLink(owner)).bound).toBe(false);
    }
  });

  it('unlinks a link made through the web login on our side only (no Amazon token is kept for it)', async () => {
    const tokens = (await linkAndRedeem(t.app, ALEXA)).json();
    expect(await alexaLink(owner)).toMatchObject({ bound: true, client_id: 'alexa' });
    setFault({ mode: 'fail', on: 'all' }); // Amazon is not asked.
    expect((await api('DELETE', '/alexa', owner)).statusCode).toBe(204);
    expect((await alexaLink(owner)).bound).toBe(false);
    expect((await refreshAsAmazon(tokens.refresh_token)).statusCode).toBe(400);
  });
});

describe('Alexa app-to-app linking in the demo with the simulator', () => {
  const freePort = () =>
    new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });

  it('points at the fake of Amazon on the product’s origin and links through it; production has no fake', async () => {
    const port = await freePort();
    const config = loadConfig({ NAVIMOW_SIMULATOR: 'on', NAVIMOW_DEMO: 'on', PORT: String(port), LOG_LEVEL: 'silent' });
    expect(config.amazon).toMatchObject({
      alexaAppUrl: 'https://alexa.amazon.com/spa/skill-account-linking-consent',
      lwaAuthorizationUrl: 'https://www.amazon.com/ap/oa',
      lwaTokenUrl: `http://127.0.0.1:${port}/dev/amazon/auth/o2/token`,
      alexaApiUrl: `http://127.0.0.1:${port}/dev/amazon/api`,
      appBindRedirectUri: `http://127.0.0.1:${port}/smartHome/alexa/appBind`,
      ourClientId: 'alexa',
    });
    const demo = await createTestApp('sqlite', { ...config, webRoot: undefined });
    const production = await createTestApp('sqlite', { simulator: false });
    try {
      await demo.app.listen({ port, host: '127.0.0.1' });
      const session = await demo.signIn();
      const urls = (
        await demo.app.inject({ method: 'POST', url: '/api/voice-links/alexa/start', headers: session })
      ).json<AlexaStart>();
      // The simulated app, asked to open the Alexa app's URL, plays the user consenting: the fake answers where
      // Amazon would send the app back.
      const consent = await fetch(`http://127.0.0.1:${port}/dev/amazon/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: urls.alexa_app_url }),
      });
      expect(consent.status).toBe(200);
      const back = new URL((await consent.json()).redirect_to as string);
      expect(`${back.origin}${back.pathname}`).toBe(`http://127.0.0.1:${port}/smartHome/alexa/appBind`);
      const done = await demo.app.inject({
        method: 'POST',
        url: '/api/voice-links/alexa/complete',
        headers: session,
        payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().link).toMatchObject({ platform: 'alexa', bound: true });
      // The simulator's "Amazon fails" switch.
      const fault = await demo.app.inject({
        method: 'POST',
        url: '/dev/amazon/fault',
        payload: { mode: 'fail', on: 'enablement' },
      });
      expect(fault.json()).toEqual({ mode: 'fail', on: 'enablement' });
      expect(
        (await demo.app.inject({ method: 'DELETE', url: '/api/voice-links/alexa', headers: session })).statusCode,
      ).toBe(502);
      await demo.app.inject({ method: 'POST', url: '/dev/amazon/fault', payload: { mode: 'none' } });
      expect(
        (await demo.app.inject({ method: 'DELETE', url: '/api/voice-links/alexa', headers: session })).statusCode,
      ).toBe(204);

      for (const [method, url] of [
        ['POST', '/dev/amazon/auth/o2/token'],
        ['POST', '/dev/amazon/authorize'],
        ['POST', '/dev/amazon/fault'],
        ['GET', '/dev/amazon/ap/oa?client_id=x'],
        ['POST', `/dev/amazon/api/v1/users/~current/skills/${DEMO_AMAZON.skillId}/enablement`],
      ] as const) {
        const response = await production.app.inject({ method, url, payload: {} });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code).toBe('not_found');
      }
      // Without Amazon set up, app-to-app linking says so; unlinking still works on our side.
      const unavailable = await production.app.inject({
        method: 'POST',
        url: '/api/voice-links/alexa/start',
        headers: await production.signIn(),
      });
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.json().error.code).toBe('alexa_unavailable');
    } finally {
      await demo.close();
      await production.close();
    }
  });
});
