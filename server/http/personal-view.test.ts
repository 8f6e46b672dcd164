import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesPath } from '../../common/messages.ts';
import type { PageRenderer } from '../../common/page-render.ts';
import type { PersonalView, PersonalViewData } from '../../common/personal-view.ts';
import { DEMO } from '../db/seed.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKinds } from '../testing/test-database.ts';
import { PERSONAL_VIEWS_PER_MINUTE } from './personal-view.ts';

/** Records what it was asked to render; the real rendering is src/entry-server.test.tsx's and the browser's. */
function recordingRenderer() {
  const calls: { url: string; language: string; personal: PersonalViewData | undefined }[] = [];
  const renderer: PageRenderer = {
    render(url, language, personal) {
      calls.push({ url, language, personal });
      return `<main>${url} ${language}</main>`;
    },
  };
  return { renderer, calls };
}

describe.each(testDatabaseKinds)('GET /api/personal-view on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let friend: Record<string, string>;
  const { renderer, calls } = recordingRenderer();
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { pageRenderer: renderer });
    owner = await t.signIn();
    friend = await t.signIn(DEMO.friend.email, DEMO.friend.password);
  });
  afterAll(() => t.close());

  const view = (query: string, headers: Record<string, string> = owner) =>
    t.app.inject({ method: 'GET', url: `/api/personal-view?${query}`, headers });

  it('renders the message centre with the answers the API gives the caller, in their time zone, never cached', async () => {
    const before = Date.now();
    const response = await view('path=%2Fmessage-center%3Flang%3Dde&lang=de&tz=Europe%2FBerlin');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<PersonalView>();

    const recent = messagesPath({ category: 'all', window: 'recent' });
    const history = messagesPath({ category: 'all', window: 'history', limit: 3 });
    expect(Object.keys(body.responses).sort()).toEqual([history, recent].sort());
    for (const path of [recent, history]) {
      const api = await t.app.inject({ method: 'GET', url: `/api${path}`, headers: owner });
      expect(body.responses[path], path).toEqual(api.json());
    }
    expect(body).toMatchObject({ markup: '<main>/message-center?lang=de de</main>', timeZone: 'Europe/Berlin' });
    expect(body.now).toBeGreaterThanOrEqual(before);
    expect(calls.at(-1)).toEqual({
      url: '/message-center?lang=de',
      language: 'de',
      personal: { responses: body.responses, now: body.now, timeZone: 'Europe/Berlin', appVersionCode: null },
    });
  });

  it('renders each page whose largest content is the reader’s with the answers the API gives them', async () => {
    const pages: [string, string[]][] = [
      [`/shareInvitation?id=${DEMO.invitations.pending}`, [`/sharing/invitations/${DEMO.invitations.pending}`]],
      ['/message-detail?id=demo-msg-stuck', ['/messages/demo-msg-stuck']],
      ['/smartHome/alexa/info', ['/voice-links']],
      ['/smartHome/googleHome/bindDetail', ['/voice-links']],
      ['/apiPolicy', ['/policy/consent']],
    ];
    for (const [path, requests] of pages) {
      const body = (await view(`path=${encodeURIComponent(path)}&lang=en&tz=UTC&app=300000200`)).json<PersonalView>();
      expect(Object.keys(body.responses), path).toEqual(requests);
      for (const request of requests) {
        const api = await t.app.inject({ method: 'GET', url: `/api${request}`, headers: owner });
        expect(api.statusCode, request).toBe(200);
        expect(body.responses[request], request).toEqual(api.json());
      }
      expect(body.appVersionCode, path).toBe(300000200);
      expect(calls.at(-1)?.personal?.appVersionCode, path).toBe(300000200);
    }
  });

  it('renders the winter guide with the current mower the app named, and no view without one', async () => {
    const serial = DEMO.mowers.owned.serial;
    const path = encodeURIComponent('/robotWinterMode/guide');
    const response = await view(`path=${path}&lang=en&tz=UTC&mower=${serial}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<PersonalView>();
    const requests = ['/mowers', `/mowers/${serial}/status`];
    expect(Object.keys(body.responses).sort()).toEqual(requests.sort());
    for (const request of requests) {
      const api = (await t.app.inject({ method: 'GET', url: `/api${request}`, headers: owner })).json<object>();
      // A status is the mower's as of the moment it was read.
      const asOfNow = request.endsWith('/status') ? { updated_at: expect.any(String) } : {};
      expect(body.responses[request], request).toEqual({ ...api, ...asOfNow });
    }
    expect(body.currentMower).toBe(serial);
    expect(calls.at(-1)?.personal?.currentMower).toBe(serial);
    // Without a current mower the guide's document is all there is; a mower not on the account has no status.
    expect((await view(`path=${path}&lang=en&tz=UTC`)).statusCode).toBe(404);
    const stranger = (await view(`path=${path}&lang=en&tz=UTC&mower=NVM-NOT-MINE`)).json<PersonalView>();
    expect(Object.keys(stranger.responses)).toEqual(['/mowers']);
  });

  it('leaves out an answer the API refuses the reader (the page then loads it itself), and the view is still theirs', async () => {
    const response = await view(`path=${encodeURIComponent('/message-detail?id=someone-elses')}&lang=en&tz=UTC`);
    expect(response.statusCode).toBe(200);
    expect(response.json<PersonalView>()).toMatchObject({ responses: {}, appVersionCode: null });
    // Someone else's invitation is theirs to see, not the reader's.
    const { responses } = (
      await view(`path=${encodeURIComponent(`/shareInvitation?id=${DEMO.invitations.pending}`)}&lang=en&tz=UTC`, friend)
    ).json<PersonalView>();
    expect(responses).toEqual({
      [`/sharing/invitations/${DEMO.invitations.pending}`]: expect.objectContaining({
        invitation: expect.objectContaining({ for_me: false }),
      }),
    });
  });

  it('gives each reader their own messages', async () => {
    const recent = messagesPath({ category: 'all', window: 'recent' });
    const mine = (await view('path=%2Fmessage-center&lang=en&tz=UTC')).json<PersonalView>().responses[recent];
    const theirs = (await view('path=%2Fmessage-center&lang=en&tz=UTC', friend)).json<PersonalView>().responses[recent];
    expect(theirs).toEqual((await t.app.inject({ method: 'GET', url: `/api${recent}`, headers: friend })).json());
    expect(theirs).not.toEqual(mine);
  });

  it('renders a history page with the page of the category it asks for (any other: all)', async () => {
    const workLog = (await view('path=%2FmessageHistory%3Fcategory%3DworkLog&lang=en&tz=UTC')).json<PersonalView>();
    expect(Object.keys(workLog.responses)).toEqual([messagesPath({ category: 'workLog', window: 'history' })]);
    const other = (await view('path=%2FmessageHistory%3Fcategory%3D__proto__&lang=en&tz=UTC')).json<PersonalView>();
    expect(Object.keys(other.responses)).toEqual([messagesPath({ category: 'all', window: 'history' })]);
  });

  it(`renders at most ${PERSONAL_VIEWS_PER_MINUTE} views a minute for one address, also when they come at once`, async () => {
    const rendered = calls.length;
    const responses = await Promise.all(
      Array.from({ length: PERSONAL_VIEWS_PER_MINUTE + 5 }, () =>
        t.app.inject({
          method: 'GET',
          url: '/api/personal-view?path=%2Fmessage-center&lang=en&tz=UTC',
          headers: owner,
          remoteAddress: '203.0.113.9',
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PERSONAL_VIEWS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(calls.length - rendered).toBe(PERSONAL_VIEWS_PER_MINUTE);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json()).toMatchObject({
      error: { code: expect.any(String), message: expect.stringMatching(/^Too many requests/) },
    });
    // Another address is not held back.
    expect((await view('path=%2Fmessage-center&lang=en&tz=UTC')).statusCode).toBe(200);
  });

  it('answers 401 without a session, and renders nothing', async () => {
    const rendered = calls.length;
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
      const response = await view('path=%2Fmessage-center&lang=en&tz=UTC', headers);
      expect(response.statusCode).toBe(401);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    expect(calls.length).toBe(rendered);
  });

  it('answers 404 for a page without a personal view', async () => {
    for (const path of ['/healthPing', '/message-detail', '/shareInvitation?id=%20', '/no/such/page']) {
      const response = await view(`path=${encodeURIComponent(path)}&lang=en&tz=UTC`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'no_personal_view' } });
    }
  });

  it('answers 400 naming the field for a bad path, language or time zone', async () => {
    const cases: [string, string][] = [
      ['path=message-center&lang=en&tz=UTC', 'querystring.path'],
      ['path=%2F%2Fevil.example%2Fmessage-center&lang=en&tz=UTC', 'querystring.path'],
      ['path=%2Fmessage-center&lang=xx&tz=UTC', 'querystring.lang'],
      ['path=%2Fmessage-center&lang=en&tz=Mars%2FOlympus', 'querystring.tz'],
      ['path=%2Fmessage-center&lang=en', 'querystring.tz'],
      ['path=%2Fmessage-center&lang=en&tz=UTC&app=3.2.0', 'querystring.app'],
      ['path=%2Fmessage-center&lang=en&tz=UTC&app=-1', 'querystring.app'],
      [`path=%2FrobotWinterMode%2Fguide&lang=en&tz=UTC&mower=${'N'.repeat(65)}`, 'querystring.mower'],
    ];
    for (const [query, field] of cases) {
      const response = await view(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ error: { field } });
    }
  });
});

describe('GET /api/personal-view on a server that does not render pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers 503 to a signed-in reader (the page then loads its data itself)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/personal-view?path=%2Fmessage-center&lang=en&tz=UTC',
      headers: await t.signIn(),
    });
    expect(response.statusCode).toBe(503);
  });
});
