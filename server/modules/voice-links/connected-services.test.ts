import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectedService } from '../../../common/voice-links.ts';
import { DEMO } from '../../db/seed.ts';
import {
  linkAndRedeem,
  mowersWith,
  TEST_CLIENTS,
  type TestClient,
  tokenRequest,
} from '../../testing/oauth-test-client.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';

const { homeAssistant: HOME_ASSISTANT, demo: DEMO_CLIENT, google: GOOGLE } = TEST_CLIENTS;

type Client = TestClient;
type Session = { authorization: string };

describe.each(testDatabaseKinds)('connected services (third parties linked through the web login) on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let friend: Session;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await t.signIn();
    friend = await t.signIn(DEMO.friend.email, DEMO.friend.password);
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'DELETE', url: string, headers: Session) =>
    t.app.inject({ method, url: `/api/voice-links/services${url}`, headers });

  async function servicesOf(session: Session): Promise<ConnectedService[]> {
    const response = await api('GET', '', session);
    expect(response.statusCode).toBe(200);
    return response.json<{ services: ConnectedService[] }>().services;
  }

  const unlink = (session: Session, id: string) => api('DELETE', `/${encodeURIComponent(id)}`, session);

  /** One link through the web login, as a service makes it: its tokens, its grant id, and an MQTT pair taken with them. */
  async function link(
    client: Client,
    { account = DEMO.owner.email, password = DEMO.owner.password }: { account?: string; password?: string } = {},
  ) {
    const session = account === DEMO.owner.email ? owner : friend;
    const before = new Set((await servicesOf(session)).map((service) => service.id));
    const response = await linkAndRedeem(t.app, client, { account, password });
    expect(response.statusCode).toBe(200);
    const tokens = response.json<{ access_token: string; refresh_token: string }>();
    const mqtt = await t.app.inject({
      method: 'GET',
      url: '/openapi/mqtt/userInfo/get/v2',
      headers: bearer(tokens.access_token),
    });
    expect(mqtt.json()).toMatchObject({ code: 1 });
    const added = (await servicesOf(session)).filter((service) => !before.has(service.id));
    expect(added).toHaveLength(1);
    return { ...tokens, id: added[0]!.id, client };
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const mowers = (token: string) => mowersWith(t.app, token);
  const refresh = (tokens: { refresh_token: string; client: Client }) =>
    tokenRequest(
      t.app,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      tokens.client.clientId,
      tokens.client.secret,
    );
  const mqttPairs = (grantId: string) =>
    t.db.selectFrom('mqtt_credentials').select('username').where('grant_id', '=', grantId).execute();

  async function expectWorks(tokens: Awaited<ReturnType<typeof link>>) {
    expect((await mowers(tokens.access_token)).statusCode).toBe(200);
    expect(await mqttPairs(tokens.id)).toHaveLength(1);
  }

  async function expectEnded(tokens: Awaited<ReturnType<typeof link>>) {
    expect((await mowers(tokens.access_token)).statusCode).toBe(401);
    const refused = await refresh(tokens);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');
    expect(await mqttPairs(tokens.id)).toEqual([]);
  }

  it('lists nothing for an account without third-party links, and never the voice platforms’ links', async () => {
    const friendLink = await linkAndRedeem(t.app, GOOGLE, {
      account: DEMO.friend.email,
      password: DEMO.friend.password,
    });
    expect(friendLink.statusCode).toBe(200);
    expect(await servicesOf(friend)).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/voice-links/google', headers: friend })).statusCode).toBe(
      204,
    );
  });

  it('lists each link separately, two Home Assistants included, with the client’s name and time, newest first', async () => {
    const started = Date.now() - 1000;
    const first = await link(HOME_ASSISTANT);
    const script = await link(DEMO_CLIENT);
    const second = await link(HOME_ASSISTANT);
    const services = await servicesOf(owner);
    expect(services).toHaveLength(3);
    expect(new Set(services.map((service) => service.id))).toEqual(new Set([first.id, script.id, second.id]));
    const byId = (id: string) => services.find((service) => service.id === id)!;
    expect(byId(first.id)).toMatchObject({ client_id: 'homeassistant', name: 'Home Assistant' });
    expect(byId(second.id)).toMatchObject({ client_id: 'homeassistant', name: 'Home Assistant' });
    expect(byId(script.id)).toMatchObject({ client_id: 'demo-client', name: 'Navimow demo client' });
    for (const service of services) {
      expect(Date.parse(service.since)).toBeGreaterThanOrEqual(started);
      expect(Date.parse(service.since)).toBeLessThanOrEqual(Date.now());
    }
    const times = services.map((service) => Date.parse(service.since));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Another account sees none of them.
    expect(await servicesOf(friend)).toEqual([]);
    for (const service of services) expect((await unlink(owner, service.id)).statusCode).toBe(204);
    expect(await servicesOf(owner)).toEqual([]);
  });

  it('unlinks one Home Assistant: its tokens stop at once and its MQTT pairs go; the other Home Assistant keeps working', async () => {
    const first = await link(HOME_ASSISTANT);
    const second = await link(HOME_ASSISTANT);
    // Both tokens were just used, so a process that caches verified tokens holds them: the unlink must empty it.
    await expectWorks(first);
    await expectWorks(second);

    expect((await unlink(owner, first.id)).statusCode).toBe(204);
    await expectEnded(first);
    await expectWorks(second);
    expect((await refresh(second)).statusCode).toBe(200);
    expect((await servicesOf(owner)).map((service) => service.id)).toEqual([second.id]);

    // Again: nothing left to end, the same answer.
    expect((await unlink(owner, first.id)).statusCode).toBe(204);
    expect((await unlink(owner, second.id)).statusCode).toBe(204);
    expect(await servicesOf(owner)).toEqual([]);
  });

  it('answers another account’s id, an unknown id and a voice platform’s link with the same 204, and ends none of them', async () => {
    const owners = await link(HOME_ASSISTANT);
    const friends = await link(HOME_ASSISTANT, { account: DEMO.friend.email, password: DEMO.friend.password });
    const { code } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/voice-links/google/app-flip',
        headers: owner,
        payload: { client_id: GOOGLE.clientId, scope: '', redirect_uri: GOOGLE.redirectUri },
      })
    ).json<{ code: string }>();
    expect(
      (
        await tokenRequest(
          t.app,
          { grant_type: 'authorization_code', code, redirect_uri: GOOGLE.redirectUri },
          GOOGLE.clientId,
          GOOGLE.secret,
        )
      ).statusCode,
    ).toBe(200);
    const googleGrant = await t.db
      .selectFrom('oauth_records')
      .select('id')
      .where('model', '=', 'Grant')
      .where('client_id', '=', 'google')
      .where('account_id', '=', DEMO.owner.id)
      .executeTakeFirstOrThrow();

    const answers = [
      await unlink(friend, owners.id),
      await unlink(owner, friends.id),
      await unlink(owner, 'no-such-link'),
      await unlink(owner, googleGrant.id),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(204);
      expect(answer.body).toBe('');
    }
    await expectWorks(owners);
    await expectWorks(friends);
    const links = (await t.app.inject({ method: 'GET', url: '/api/voice-links', headers: owner })).json<{
      links: { platform: string; linked: boolean }[];
    }>();
    expect(links.links.find((item) => item.platform === 'google')?.linked).toBe(true);

    expect((await unlink(owner, owners.id)).statusCode).toBe(204);
    expect((await unlink(friend, friends.id)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/voice-links/google', headers: owner })).statusCode).toBe(
      204,
    );
  });

  it('refuses a linked service’s own token (403) and a missing one (401): a service can neither list nor end links', async () => {
    const service = await link(HOME_ASSISTANT);
    for (const [method, url] of [
      ['GET', ''],
      ['DELETE', `/${service.id}`],
    ] as const) {
      expect((await api(method, url, { authorization: '' })).statusCode, `${method} ${url}`).toBe(401);
      const refused = await api(method, url, bearer(service.access_token));
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.code).toBe('insufficient_scope');
    }
    await expectWorks(service);
    expect((await unlink(owner, service.id)).statusCode).toBe(204);
  });

  it('ends a link once when the same unlink arrives several times at once', async () => {
    const target = await link(HOME_ASSISTANT);
    const other = await link(HOME_ASSISTANT);
    const answers = await Promise.all(Array.from({ length: 5 }, () => unlink(owner, target.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204, 204]);
    await expectEnded(target);
    await expectWorks(other);
    expect((await servicesOf(owner)).map((service) => service.id)).toEqual([other.id]);
    expect((await unlink(owner, other.id)).statusCode).toBe(204);
  });

  it('answers a malformed id with 400 naming it, and changes nothing', async () => {
    const service = await link(HOME_ASSISTANT);
    for (const id of ['has space', 'x'.repeat(65), '../google', "'; DROP TABLE oauth_records; --"]) {
      const response = await unlink(owner, id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_request', field: 'params.id' });
    }
    await expectWorks(service);
    expect((await unlink(owner, service.id)).statusCode).toBe(204);
  });
});
