// @vitest-environment node
// No DOM here, as on the server: a screen that reads `window` or `document` while rendering fails this test.
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_STAND_IN, pageRoutes } from '../common/page-routes.ts';
import type { PageRenderer } from '../common/page-render.ts';
import { messagesPath } from '../common/messages.ts';
import type { PersonalViewData } from '../common/personal-view.ts';
import { createPageRenderer } from './entry-server.tsx';
import { testMessage } from './features/messages/test-messages.ts';

const locales = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
const readLocale = (language: string, namespace: string) => locales[`../locales/${language}/${namespace}.json`]!;

const titleOf = (language: string, namespace: string, key: string): string =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      readLocale(language, namespace),
    ) as string;

const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

let renderer: PageRenderer;
beforeAll(async () => {
  renderer = await createPageRenderer(readLocale);
});

describe('the server-rendered first view', () => {
  // The query a screen needs to show its own title rather than "invalid request".
  const queries: Partial<Record<string, string>> = {
    googleAppLink: '?client_id=google&redirect_uri=https%3A%2F%2Fexample.com',
    shareInvitation: '?id=an-invitation',
    // Without an id it is the "not available" result screen, whose heading says so (its own test).
    messageDetail: '?id=a-message',
    alexaAppLink: '?code=a-code&state=a-state',
  };
  const pages = Object.entries(pageRoutes).map(([id, route]) => ({
    id,
    path: ('path' in route ? route.path : '/no-such-page') + (queries[id] ?? ''),
    namespace: route.namespaces[0],
    titleKey: route.namespaces[0] === 'common' ? 'notFound.title' : ('titleKey' in route && route.titleKey) || 'title',
    // A developer tool's title is the same in every language (common/page-routes.ts).
    untranslatedTitle: 'untranslatedTitle' in route ? route.untranslatedTitle : undefined,
  }));

  for (const language of ['en', 'de', 'fi']) {
    it.each(pages)(
      `renders $id in ${language} on the server, with its title`,
      ({ path, namespace, titleKey, untranslatedTitle }) => {
        const html = renderer.render(path, language);
        // `<!--$!-->` is React's mark for a part that failed on the server and is left to the browser.
        expect(html).not.toContain('<!--$!-->');
        expect(html).toContain(`>${escaped(untranslatedTitle ?? titleOf(language, namespace, titleKey))}</h1>`);
      },
    );
  }

  it('renders the same markup for the same URL and language, whichever was rendered before', () => {
    const first = renderer.render('/connectSolutions', 'de');
    renderer.render('/connectSolutions', 'fi');
    renderer.render('/winterGuide', 'en');
    expect(renderer.render('/connectSolutions', 'de')).toBe(first);
  });

  // A value for each parameter some screen reads that changes that screen's first view.
  const values: Record<string, string> = {
    interaction: 'an-interaction-uid',
    via: 'browser',
    code: 'a-code',
    state: 'a-state',
    error: 'access_denied',
    id: 'an-id',
    category: 'important',
    client_id: 'google',
    scope: 'mower:read',
    redirect_uri: 'https://example.com',
  };

  it('renders each page alike with or without the parameters only other pages read (each names its own in page-routes)', () => {
    const readBy = (route: (typeof pageRoutes)[keyof typeof pageRoutes]): readonly string[] =>
      'query' in route ? route.query : [];
    const named = new Set(Object.values(pageRoutes).flatMap(readBy));
    expect(Object.keys(values).sort()).toEqual([...named].sort());
    for (const [id, route] of Object.entries(pageRoutes)) {
      const path = 'path' in route ? route.path : '/no-such-page';
      const own = new URLSearchParams(readBy(route).map((name) => [name, values[name]!]));
      const all = new URLSearchParams(Object.entries(values));
      expect(renderer.render(`${path}?${all}`, 'en'), id).toBe(renderer.render(`${path}?${own}`, 'en'));
    }
  });

  it('renders an item’s page alike for every id (itemQuery): the server keeps one document for all of them', () => {
    const items = Object.entries(pageRoutes).flatMap(([id, route]) =>
      'itemQuery' in route ? route.itemQuery.map((name) => ({ id, path: route.path, name })) : [],
    );
    expect(items.length).toBeGreaterThan(0);
    for (const { id, path, name } of items) {
      const standIn = renderer.render(`${path}?${name}=${ITEM_STAND_IN}`, 'en');
      for (const value of [values[name]!, crypto.randomUUID(), '<b>x</b>', 'x'.repeat(300)]) {
        expect(renderer.render(`${path}?${new URLSearchParams({ [name]: value })}`, 'en'), `${id} ${value}`).toBe(
          standIn,
        );
      }
    }
  });

  it('renders a query the screen reads as text, never as markup', () => {
    const html = renderer.render('/smartHome/login?interaction=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', 'en');
    expect(html).not.toContain('<img src=x');
  });

  it('refuses a language the web view does not have', () => {
    expect(() => renderer.render('/healthPing', 'xx')).toThrow();
  });
});

describe('a personal first view', () => {
  const now = Date.UTC(2026, 4, 19, 22, 30);
  const generic = testMessage(
    'generic',
    { title: 'Winter is coming', body: '<img src=x onerror=alert(1)> Bring the mower in.' },
    {
      id: 'msg-1',
      created_at: new Date(Date.UTC(2026, 4, 18, 20, 0)).toISOString(),
      mower: { serial_number: 'NVM-1', name: '<b>Back</b> lawn' },
    },
  );
  const centre = (timeZone: string): PersonalViewData => ({
    now,
    timeZone,
    appVersionCode: null,
    responses: {
      [messagesPath({ category: 'all', window: 'recent' })]: { messages: [generic], next_cursor: null },
      [messagesPath({ category: 'all', window: 'history', limit: 3 })]: { messages: [], next_cursor: null },
    },
  });

  it('renders the message centre with the user’s messages, their texts as text, in the reader’s time zone', () => {
    const html = renderer.render('/message-center', 'en', centre('Europe/Helsinki'));
    expect(html).toContain('Winter is coming');
    expect(html).toContain(escaped('<img src=x onerror=alert(1)> Bring the mower in.'));
    expect(html).toContain(escaped('<b>Back</b> lawn'));
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('2 days ago');
    expect(renderer.render('/message-center', 'en', centre('America/New_York'))).toContain('yesterday');
  });

  it('keeps nothing of it: the next render of the page is its first state again', () => {
    const plain = renderer.render('/message-center', 'en');
    renderer.render('/message-center', 'en', centre('Europe/Helsinki'));
    expect(renderer.render('/message-center', 'en')).toBe(plain);
    expect(plain).not.toContain('Winter is coming');
  });

  it('renders a history page with the page of its category', () => {
    const html = renderer.render('/messageHistory?category=workLog', 'de', {
      now,
      timeZone: 'Europe/Berlin',
      appVersionCode: null,
      responses: {
        [messagesPath({ category: 'workLog', window: 'history' })]: { messages: [generic], next_cursor: null },
      },
    });
    expect(html).toContain('Winter is coming');
  });
});

describe('a personal first view of a page whose largest content is one item of the reader’s', () => {
  const base = { now: Date.UTC(2026, 4, 19, 22, 30), appVersionCode: 300000200 };
  const invitation = {
    id: 'inv-1',
    state: 'pending',
    inviter_name: '<b>Alex</b>',
    mower: { serial_number: 'NVM-2', name: 'Back lawn', model: 'Navimow X330E' },
    for_me: true,
    // Late on the 20th in UTC, already the 21st in Helsinki.
    expires_at: new Date(Date.UTC(2026, 4, 20, 22, 0)).toISOString(),
    responded_at: null,
  };
  const invitationView = (timeZone: string, appVersionCode: number | null): PersonalViewData => ({
    ...base,
    timeZone,
    appVersionCode,
    responses: { '/sharing/invitations/inv-1': { invitation } },
  });

  it('renders an invitation as the offer, the inviter’s name as text, its expiry in the reader’s time zone', () => {
    const html = renderer.render('/shareInvitation?id=inv-1', 'en', invitationView('Europe/Helsinki', 300000200));
    expect(html).toContain(escaped('<b>Alex</b> invites you to share a mower.'));
    expect(html).not.toContain('<b>Alex');
    expect(html).toContain('May 21, 2026');
    expect(renderer.render('/shareInvitation?id=inv-1', 'en', invitationView('UTC', 300000200))).toContain(
      'May 20, 2026',
    );
  });

  it('renders an invitation for an app too old to accept as the update it needs', () => {
    for (const code of [null, 300000100]) {
      const html = renderer.render('/shareInvitation?id=inv-1', 'en', invitationView('UTC', code));
      expect(html, String(code)).toContain(`>${escaped(titleOf('en', 'sharing', 'outdated.title'))}</h1>`);
    }
  });

  it('renders a message in full, received in the reader’s time zone', () => {
    const message = testMessage(
      'generic',
      { title: 'Winter is coming', body: 'Bring the mower in.' },
      {
        id: 'msg-1',
        created_at: new Date(Date.UTC(2026, 4, 18, 22, 0)).toISOString(),
      },
    );
    const view = (timeZone: string): PersonalViewData => ({
      ...base,
      timeZone,
      responses: { '/messages/msg-1': { message } },
    });
    const html = renderer.render('/message-detail?id=msg-1', 'en', view('Europe/Helsinki'));
    expect(html).toContain('Winter is coming');
    expect(html).toContain('Tuesday, May 19, 2026');
    expect(renderer.render('/message-detail?id=msg-1', 'en', view('UTC'))).toContain('Monday, May 18, 2026');
  });

  it('renders the winter guide with the current mower’s battery, or “hibernating” once it is in winter storage', () => {
    const status = {
      serial_number: 'NVM-1',
      state: 'docked',
      online: true,
      battery_percent: 88,
      charging: true,
      error_reason: null,
      winter_mode: false,
      mowing_seconds: 0,
      updated_at: new Date(base.now).toISOString(),
    };
    const mowers = { mowers: [{ serial_number: 'NVM-1', name: '<b>Back</b> lawn', model: 'X', role: 'owner' }] };
    const view = (winterMode: boolean, currentMower = 'NVM-1'): PersonalViewData => ({
      ...base,
      timeZone: 'UTC',
      currentMower,
      responses: {
        '/mowers': mowers,
        '/mowers/NVM-1/status': { ...status, winter_mode: winterMode, charging: !winterMode },
      },
    });
    const awake = renderer.render('/robotWinterMode/guide', 'en', view(false));
    expect(awake).toContain(escaped('<b>Back</b> lawn: battery at 88%, charging'));
    expect(renderer.render('/robotWinterMode/guide', 'en', view(true))).toContain(
      escaped('<b>Back</b> lawn: hibernating'),
    );
    // The app's current mower is another one: no line, as without a view.
    expect(renderer.render('/robotWinterMode/guide', 'en', view(false, 'NVM-2'))).not.toContain(
      'data-testid="live-battery"',
    );
  });

  it('renders the Alexa and Google link states and the policy consent with the server’s answers', () => {
    const since = new Date(Date.UTC(2026, 2, 31, 23, 0)).toISOString();
    const links = {
      links: [
        { platform: 'alexa', linked: true, linked_since: since, client_id: 'alexa' },
        { platform: 'google', linked: true, linked_since: since, client_id: 'google' },
      ],
    };
    const view = (responses: Record<string, unknown>): PersonalViewData => ({
      ...base,
      timeZone: 'Europe/Berlin',
      responses,
    });
    expect(renderer.render('/smartHome/alexa/info', 'en', view({ '/voice-links': links }))).toContain(
      'Linked with Alexa since April 1, 2026',
    );
    expect(renderer.render('/smartHome/googleHome/bindDetail', 'en', view({ '/voice-links': links }))).toContain(
      'Your Navimow account is linked with Google since April 1, 2026.',
    );
    const consent = { current_version: '2026-11-01', agreed_at: since, agreed_version: '2026-11-01' };
    expect(renderer.render('/apiPolicy', 'en', view({ '/policy/consent': consent }))).toContain(
      'You agreed to this policy on April 1, 2026.',
    );
  });
});
