import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../../db/seed.ts';
import { spendMowerBudget } from '../../testing/command-budget.ts';
import { basic, tokenRequest } from '../../testing/oauth-test-client.ts';
import { createTestApp, listeningMqtt, type TestApp, testConfig } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { EmbeddedBroker } from './mqtt-broker.ts';
import { grants, inbox, linkHomeAssistant, sdkRequest, sendCommandBody } from '../../testing/navimow-test-client.ts';

const OWNED = DEMO.mowers.owned.serial;
const SHARED = DEMO.mowers.shared.serial;
const NOT_SHARED = DEMO.mowers.notShared.serial;
const topic = (serial: string, channel: string) => `/downlink/vehicle/${serial}/realtimeDate/${channel}`;

interface UserInfo {
  mqttHost: string;
  mqttPort: number;
  mqttUrl?: string;
  userName: string;
  pwdInfo: string;
}

const whenClosed = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

describe.each(testDatabaseKinds)('live state over MQTT on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let friendToken: string;
  let httpPort: number;
  const clients: MqttClient[] = [];
  /** A second broker on the same database that checks its open connections' pairs every 100 ms instead of 30 s. */
  let watcher: EmbeddedBroker;
  let watcherUrl: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { mqtt: listeningMqtt() });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    httpPort = (t.app.server.address() as AddressInfo).port;
    token = (await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password })).access_token;
    friendToken = (await linkHomeAssistant(t.app, { account: DEMO.friend.email, password: DEMO.friend.password }))
      .access_token;
    watcher = await EmbeddedBroker.create({
      db: t.db,
      fleet: t.fleet,
      commandBudget: t.commandBudget,
      log: t.app.log,
      recheckMs: 100,
      limits: testConfig().mqtt.limits,
    });
    watcherUrl = `mqtt://127.0.0.1:${await watcher.listenTcp(0, '127.0.0.1')}`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.endAsync(true)));
    await watcher.close();
    await t.close();
  });

  async function userInfo(bearer = token): Promise<UserInfo> {
    const response = await sdkRequest(t.app, bearer, 'GET', '/openapi/mqtt/userInfo/get/v2');
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(1);
    return response.json().data;
  }

  async function connect(
    info: UserInfo,
    url = `mqtt://${info.mqttHost}:${info.mqttPort}`,
    clientId = `web_${info.userName}_${Math.random().toString(16).slice(2, 12)}`,
  ) {
    const client = await mqtt.connectAsync(url, {
      username: info.userName,
      password: info.pwdInfo,
      clientId,
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    clients.push(client);
    return client;
  }

  it('hands out per-user credentials for the TCP broker, never the password, no WebSocket path over http', async () => {
    const info = await userInfo();
    expect(info).toMatchObject({
      mqttHost: '127.0.0.1',
      mqttPort: t.mqttPort(),
      userName: expect.stringMatching(/^nvm_/),
      pwdInfo: expect.any(String),
    });
    expect(info.mqttUrl).toBeUndefined();
    expect(info.pwdInfo).not.toContain(DEMO.owner.password);
    const again = await userInfo();
    expect(again.userName).not.toBe(info.userName);
    const stored = await t.db
      .selectFrom('mqtt_credentials')
      .select('password_hash')
      .where('username', '=', info.userName)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toBe(info.pwdInfo);
  });

  it('refuses a wrong password or an unknown user', async () => {
    const info = await userInfo();
    await expect(connect({ ...info, pwdInfo: `${info.pwdInfo}x` })).rejects.toThrow(
      /Bad username or password|Not authorized/i,
    );
    await expect(connect({ ...info, userName: 'nvm_AAAAAAAAAAAAAAAA' })).rejects.toThrow();
  });

  it('delivers the retained state at once and live updates after a command, as the sdk reads them', async () => {
    const client = await connect(await userInfo());
    const box = inbox(client);
    const granted = await client.subscribeAsync([
      topic(OWNED, 'state'),
      topic(OWNED, 'event'),
      topic(OWNED, 'attributes'),
    ]);
    expect(granted.map((grant) => grant.qos)).toEqual([0, 0, 0]);
    const retained = await box.next((message) => message.topic === topic(OWNED, 'state'));
    expect(retained.retain).toBe(true);
    expect(retained.payload).toMatchObject({ device_id: OWNED, state: 'isDocked', battery: expect.any(Number) });
    await box.next(
      (message) =>
        message.topic === topic(OWNED, 'attributes') &&
        (message.payload.attributes as { serial_number?: string }).serial_number === OWNED,
    );

    await sdkRequest(t.app, token, 'POST', '/openapi/smarthome/sendCommands', sendCommandBody(OWNED, 'start'));
    const event = await box.next(
      (message) => message.topic === topic(OWNED, 'event') && message.payload.event === 'mowingStarted',
    );
    expect(event.payload).toMatchObject({
      device_id: OWNED,
      type: 'workLog',
      level: 'info',
      timestamp: expect.any(Number),
    });
    const live = await box.next(
      (message) => message.topic === topic(OWNED, 'state') && message.payload.state === 'isRunning',
    );
    expect(live.retain).toBe(false);
    await sdkRequest(t.app, token, 'POST', '/openapi/smarthome/sendCommands', sendCommandBody(OWNED, 'dock'));
    await box.next((message) => message.topic === topic(OWNED, 'state') && message.payload.state === 'isDocking');
  });

  it('lets a user subscribe only to their own and shared mowers; a wildcard brings only those', async () => {
    const client = await connect(await userInfo());
    expect(await grants(client, [topic(SHARED, 'state'), topic(NOT_SHARED, 'state'), '#', 'device/+/status'])).toEqual([
      0, 128, 128, 128,
    ]);

    const wildcard = await connect(await userInfo());
    const box = inbox(wildcard);
    await wildcard.subscribeAsync('/downlink/vehicle/+/realtimeDate/state');
    await sdkRequest(
      t.app,
      friendToken,
      'POST',
      '/openapi/smarthome/sendCommands',
      sendCommandBody(NOT_SHARED, 'start'),
    );
    await sdkRequest(t.app, friendToken, 'POST', '/openapi/smarthome/sendCommands', sendCommandBody(SHARED, 'start'));
    await box.next((message) => message.topic === topic(SHARED, 'state') && message.payload.state === 'isRunning');
    expect(box.messages.map((message) => message.payload.device_id)).not.toContain(NOT_SHARED);

    // The other account sees its own mower, and not the owner's.
    const friend = await connect(await userInfo(friendToken));
    expect(await grants(friend, [topic(NOT_SHARED, 'state'), topic(OWNED, 'state')])).toEqual([0, 128]);
  });

  it('refuses a publish on a downlink topic: the publisher is cut off and nobody hears it', async () => {
    const listener = await connect(await userInfo());
    const box = inbox(listener);
    await listener.subscribeAsync(topic(OWNED, 'event'));
    const intruder = await connect(await userInfo());
    const closed = whenClosed(intruder);
    intruder.publish(topic(OWNED, 'event'), JSON.stringify({ device_id: OWNED, event: 'fault', type: 'important' }), {
      qos: 1,
    });
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(box.messages.filter((message) => message.payload.event === 'fault')).toEqual([]);
  });

  it("takes navimow-sdk's MQTT commands for a mower the user may control", async () => {
    const client = await connect(await userInfo());
    const box = inbox(client);
    await client.subscribeAsync([topic(SHARED, 'event'), topic(SHARED, 'state')]);
    await client.publishAsync(
      `navimow/${SHARED}/command`,
      JSON.stringify({ id: 'cmd-1', device_id: SHARED, command: 'pause', params: {} }),
    );
    const result = await box.next((message) => message.payload.event === 'commandResult');
    expect(result.payload.params).toMatchObject({ id: 'cmd-1', command: 'pause', status: 'SUCCESS' });
    await box.next((message) => message.topic === topic(SHARED, 'state') && message.payload.state === 'isPaused');
    // Not for another account's mower.
    const closed = whenClosed(client);
    client.publish(`navimow/${NOT_SHARED}/command`, JSON.stringify({ id: 'cmd-2', command: 'pause' }), { qos: 1 });
    await closed;
    expect((await t.fleet.view(NOT_SHARED))?.record.state).toBe('mowing');
  });

  it('keeps no session: a client asking for one starts clean every time, with nothing of it left in memory', async () => {
    const info = await userInfo();
    const clientId = `kept_${info.userName}`;
    /** A connection asking to keep its session, and whether the broker said it had one. */
    const connectKept = () =>
      new Promise<{ client: MqttClient; sessionPresent: boolean }>((resolve, reject) => {
        const client = mqtt.connect(watcherUrl, {
          username: info.userName,
          password: info.pwdInfo,
          clientId,
          clean: false,
          reconnectPeriod: 0,
          connectTimeout: 3000,
        });
        clients.push(client);
        client.once('connect', (connack) => resolve({ client, sessionPresent: connack.sessionPresent }));
        client.once('error', reject);
      });
    // What aedes keeps of the client id's session (its persistence is not in aedes's types).
    const { persistence } = watcher.broker as unknown as {
      persistence: { subscriptionsByClient(client: { id: string }): Promise<unknown[]> };
    };
    const stored = () => persistence.subscriptionsByClient({ id: clientId });

    const first = await connectKept();
    expect(first.sessionPresent).toBe(false);
    await first.client.subscribeAsync(topic(SHARED, 'state'), { qos: 1 });
    await first.client.endAsync();
    await expect.poll(stored).toEqual([]);
    const again = await connectKept();
    expect(again.sessionPresent).toBe(false);
    await again.client.endAsync();
  });

  it("draws each MQTT command from the mower's command budget: spent, the result says try again and nothing runs", async () => {
    const client = await connect(await userInfo());
    const box = inbox(client);
    await client.subscribeAsync([topic(SHARED, 'event')]);
    // The mower's budget spent by other senders.
    const giveBack = await spendMowerBudget(t.db, SHARED);
    try {
      const before = (await t.fleet.view(SHARED))!.record.state;
      await client.publishAsync(
        `navimow/${SHARED}/command`,
        JSON.stringify({ id: 'cmd-flood', device_id: SHARED, command: 'start_mowing', params: {} }),
      );
      const result = await box.next(
        (message) =>
          message.payload.event === 'commandResult' && (message.payload.params as { id?: unknown }).id === 'cmd-flood',
      );
      expect(result.payload.params).toMatchObject({ status: 'ERROR', errorCode: 'transientError' });
      expect((result.payload.params as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect((await t.fleet.view(SHARED))!.record.state).toBe(before);
    } finally {
      await giveBack();
    }
  });

  it("tells a command's result to its sender alone; a refused one changes nothing for the mower's other users", async () => {
    // The demo owner shares the friend's mower; both watch its events, the friend also with the wildcards.
    const sharer = await connect(await userInfo());
    const owner = await connect(await userInfo(friendToken));
    const sharerBox = inbox(sharer);
    const ownerBox = inbox(owner);
    await sharer.subscribeAsync([topic(SHARED, 'event')]);
    await owner.subscribeAsync([topic(SHARED, 'event'), topic('+', '#')]);
    const giveBack = await spendMowerBudget(t.db, SHARED);
    try {
      for (let index = 0; index < 20; index += 1)
        sharer.publish(
          `navimow/${SHARED}/command`,
          JSON.stringify({ id: `flood-${index}`, device_id: SHARED, command: 'start_mowing', params: {} }),
        );
      await sharerBox.next((message) => (message.payload.params as { id?: unknown } | undefined)?.id === 'flood-19');
      // The owner's own command's result reaches the owner: by then the sharer's would have too.
      await owner.publishAsync(
        `navimow/${SHARED}/command`,
        JSON.stringify({ id: 'owner-stop', device_id: SHARED, command: 'stop', params: {} }),
      );
      const result = await ownerBox.next((message) => message.payload.event === 'commandResult');
      expect(result.payload.params).toMatchObject({ id: 'owner-stop', status: 'SUCCESS' });
      expect(
        ownerBox.messages
          .filter((message) => message.payload.event === 'commandResult')
          .map((message) => message.payload.params),
      ).toEqual([expect.objectContaining({ id: 'owner-stop' })]);
      expect(
        sharerBox.messages.filter(
          (message) => (message.payload.params as { id?: string } | undefined)?.id === 'owner-stop',
        ),
      ).toEqual([]);
      expect(
        sharerBox.messages
          .filter((message) => message.payload.event === 'commandResult')
          .map((message) => message.payload.params),
      ).toHaveLength(20);
    } finally {
      await giveBack();
    }
  });

  it('keeps a few pairs per link however often userInfo is called, refuses calls past its limit, and the last pair works', async () => {
    const link = (await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password }))
      .access_token;
    const answers = [];
    for (let call = 0; call < 300; call += 1)
      answers.push(await sdkRequest(t.app, link, 'GET', '/openapi/mqtt/userInfo/get/v2'));
    const issued = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json<{ data: UserInfo }>().data);
    expect(issued.length).toBeGreaterThanOrEqual(10);
    expect(issued.length).toBeLessThanOrEqual(30);
    expect(answers.at(-1)!.statusCode).toBe(429);
    expect(answers.at(-1)!.json()).toMatchObject({ code: 4001, desc: expect.stringMatching(/Too many requests/) });

    const { grant_id: grantId } = await t.db
      .selectFrom('mqtt_credentials')
      .select('grant_id')
      .where('username', '=', issued.at(-1)!.userName)
      .executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('mqtt_credentials').select('username').where('grant_id', '=', grantId).execute();
    expect(rows.length).toBeLessThanOrEqual(5);
    // The newest pairs work; the oldest are gone.
    expect((await connect(issued.at(-1)!)).connected).toBe(true);
    await expect(connect(issued[0]!)).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  it('keeps a client id to the link that connected with it: another account or link is refused, the link itself reconnects', async () => {
    const first = await userInfo();
    // navimow-sdk's id, made from the user name of the pair it first connected with.
    const clientId = `web_${first.userName}_0a1b2c3d4e`;
    const holder = await connect(first, undefined, clientId);
    const holderClosed = whenClosed(holder);

    const friend = await userInfo(friendToken);
    await expect(connect(friend, undefined, clientId)).rejects.toThrow(/Identifier rejected/i);
    const otherLink = (await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password }))
      .access_token;
    await expect(connect(await userInfo(otherLink), undefined, clientId)).rejects.toThrow(/Identifier rejected/i);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(holder.connected).toBe(true);
    expect(await grants(holder, [topic(OWNED, 'state')])).toEqual([0]);

    // Home Assistant after fetching a new pair of the same link: the same id, which takes its old connection over.
    const refreshed = await connect(await userInfo(), undefined, clientId);
    await within(holderClosed);
    expect(holder.connected).toBe(false);
    expect(refreshed.connected).toBe(true);
    await refreshed.endAsync();
    // And the first pair reconnects with its own id.
    expect((await connect(first, undefined, clientId)).connected).toBe(true);
  });

  it("speaks MQTT over WebSocket on the product's origin", async () => {
    const info = await userInfo();
    const client = await connect(info, `ws://127.0.0.1:${httpPort}/mqtt`);
    const box = inbox(client);
    await client.subscribeAsync(topic(OWNED, 'state'));
    const state = await box.next((message) => message.topic === topic(OWNED, 'state'));
    expect(state.payload.device_id).toBe(OWNED);
    const plain = await t.app.inject({ method: 'GET', url: '/mqtt' });
    expect(plain.statusCode).toBe(426);
  });

  /**
   * A pair fetched with `bearer`, connected twice before anything is revoked: to the app's broker (which checks open
   * connections every 30 s, and at once when a revocation is announced) and to the watcher (every 100 ms).
   */
  async function openedWith(bearer: string) {
    const info = await userInfo(bearer);
    const open = await connect(info);
    const watched = await connect(info, watcherUrl);
    return { info, open, openClosed: whenClosed(open), watched, watchedClosed: whenClosed(watched) };
  }
  type Opened = Awaited<ReturnType<typeof openedWith>>;

  const within = (closed: Promise<void>, ms = 3000) =>
    Promise.race([closed, new Promise((resolve) => setTimeout(resolve, ms))]);

  /** The pair opens nothing more and its open connections are closed, with nothing sent on them. */
  async function expectCut({ info, open, openClosed, watched, watchedClosed }: Opened) {
    await expect(connect(info)).rejects.toThrow(/Bad username or password|Not authorized/i);
    await within(watchedClosed);
    expect(watched.connected).toBe(false);
    // The app's broker closes it too, long before its 30 s check: the revocation was announced.
    await within(openClosed);
    expect(open.connected).toBe(false);
  }

  /** The pair still connects, its open connections stay open past several checks, and they still command. */
  async function expectLive({ info, open, watched }: Opened) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(watched.connected).toBe(true);
    await connect(info);
    const box = inbox(open);
    await open.subscribeAsync(topic(SHARED, 'event'));
    const id = `still-${Math.random().toString(16).slice(2)}`;
    await open.publishAsync(`navimow/${SHARED}/command`, JSON.stringify({ id, device_id: SHARED, command: 'pause' }));
    await box.next(
      (message) => message.payload.event === 'commandResult' && (message.payload.params as { id?: unknown }).id === id,
    );
  }

  it('ends the pairs of a link the service revokes (RFC 7009), not those of another link', async () => {
    const revoked = await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password });
    const other = await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password });
    const cut = await openedWith(revoked.access_token);
    const kept = await openedWith(other.access_token);

    const revocation = await t.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic('homeassistant', 'homeassistant-demo-secret'),
      },
      payload: new URLSearchParams({ token: revoked.refresh_token, token_type_hint: 'refresh_token' }).toString(),
    });
    expect(revocation.statusCode).toBe(200);
    await expectCut(cut);
    await expectLive(kept);
  });

  it('ends the pairs of a link whose access token the service revokes, as its refresh token would (issue 34, item 7)', async () => {
    const revoked = await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password });
    const other = await linkHomeAssistant(t.app, { account: DEMO.owner.email, password: DEMO.owner.password });
    const cut = await openedWith(revoked.access_token);
    const kept = await openedWith(other.access_token);

    const revocation = await t.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic('homeassistant', 'homeassistant-demo-secret'),
      },
      payload: new URLSearchParams({ token: revoked.access_token, token_type_hint: 'access_token' }).toString(),
    });
    expect(revocation.statusCode).toBe(200);
    await expectCut(cut);
    await expectLive(kept);
  });

  it('ends the pairs of a link the user ends in the app (Google unlink), not those of the app or of other services', async () => {
    const session = await t.signIn();
    const flip = await t.app.inject({
      method: 'POST',
      url: '/api/voice-links/google/app-flip',
      headers: session,
      payload: {
        client_id: 'google',
        scope: 'mower:read mower:control',
        redirect_uri: 'https://oauth-redirect.googleusercontent.com/r/navimow-demo',
      },
    });
    expect(flip.statusCode).toBe(200);
    const google = await tokenRequest(
      t.app,
      {
        grant_type: 'authorization_code',
        code: flip.json().code,
        redirect_uri: 'https://oauth-redirect.googleusercontent.com/r/navimow-demo',
      },
      'google',
      'google-demo-secret',
    );
    expect(google.statusCode).toBe(200);
    const cut = await openedWith(google.json().access_token);
    const homeAssistant = await openedWith(token);
    const app = await openedWith(session.authorization.slice('Bearer '.length));

    const unlink = await t.app.inject({ method: 'DELETE', url: '/api/voice-links/google', headers: session });
    expect(unlink.statusCode).toBe(204);
    await expectCut(cut);
    await expectLive(homeAssistant);
    await expectLive(app);
  });

  it('refuses a command from a pair that expired while connected, and closes its connections', async () => {
    const session = await t.signIn();
    const opened = await openedWith(session.authorization.slice('Bearer '.length));
    // Nothing announces an expiry: the watcher's periodic check finds it, the app's broker the next publish.
    await t.db
      .updateTable('mqtt_credentials')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('username', '=', opened.info.userName)
      .execute();
    await within(opened.watchedClosed);
    expect(opened.watched.connected).toBe(false);
    const command = vi.spyOn(t.fleet, 'command');
    try {
      opened.open.publish(
        `navimow/${OWNED}/command`,
        JSON.stringify({ id: 'after-expiry', command: 'return_to_base' }),
        { qos: 1 },
      );
      await within(opened.openClosed);
      expect(command).not.toHaveBeenCalled();
      expect(opened.open.connected).toBe(false);
    } finally {
      command.mockRestore();
    }
  });

  it('ends the pairs of an app session when it signs out, not those of another session', async () => {
    const leaving = await t.signIn();
    const staying = await t.signIn();
    const cut = await openedWith(leaving.authorization.slice('Bearer '.length));
    const kept = await openedWith(staying.authorization.slice('Bearer '.length));

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: leaving });
    expect(logout.statusCode).toBe(204);
    await expectCut(cut);
    await expectLive(kept);
  });
});
