/**
 * Every screen of the page table in every state it has, as the screen gallery shows them (docs/gallery.md). A
 * state is reached as the browser journeys reach it: their recipes (e2e/screen-states.ts, e2e/fixtures.ts) are
 * imported, not copied. Answers the account would keep are stubbed (page.route), so that the 22 languages run in
 * parallel over one demo database and each sees the same screen.
 */
import type { Page } from '@playwright/test';
import { API_POLICY_VERSION } from '../../common/api-policy.ts';
import { type PageRoute, type PageRouteId, pageRoutes } from '../../common/page-routes.ts';
import type { InvitationDto, InvitationState } from '../../common/sharing.ts';
import type { VoiceLinksResponse } from '../../common/voice-links.ts';
import { ok } from '../../src/lib/bridge/native-fake.ts';
import { MAIN_STATE_QUERY } from '../../e2e/fixtures.ts';
import type { FakeNativeSetup } from '../../e2e/native-fake.ts';
import {
  DIALOGS,
  emptyInbox,
  homeAssistantLinked,
  serverOutage,
  stubAlexaLinked,
  stubLinking,
} from '../../e2e/screen-states.ts';

export type Texts = (path: string) => string;

export interface ScreenState {
  screen: PageRouteId;
  state: string;
  /** Path and query without `lang` (the gallery adds it). */
  path: string;
  /** Whose app the page runs in; `none` for a page opened in a plain browser. Default the demo's owner. */
  account?: 'owner' | 'friend' | 'none';
  /** The app's current mower (default the owner's NVM-DEMO-0001; NVM-DEMO-0002 is shared, at 40 %). */
  mower?: string;
  /** The fake native app's answers that differ from a phone's (e2e/fixtures.ts `installNativeApp`). */
  answers?: FakeNativeSetup['answers'];
  /** Before the page opens: the answers of the server this state needs. */
  prepare?(page: Page): Promise<unknown>;
  /** Instead of opening `path`: a recipe that opens the page and acts (the dialogs' openers). */
  visit?(page: Page, language: string, t: Texts): Promise<void>;
  /** After the page is ready: what the user does to reach the state. */
  act?(page: Page, t: Texts): Promise<void>;
  /** The locale namespace `t` reads (default the screen's first). */
  namespace?: string;
  /** The connection drops once the page is ready. */
  offline?: boolean;
  /** The page's data never arrives: it is pictured while it waits. */
  loading?: boolean;
}

/** Texts the demo data puts on screens (names, models, addresses): data, the same in every language. */
export const USER_DATA: ReadonlySet<string> = new Set([
  'Front lawn',
  'Back garden',
  'Orchard',
  'Navimow i105E',
  'Navimow X330E',
  'Navimow Z900',
  'Navimow H800E',
  'Alex Gardner',
  'Sam Lindqvist',
  'Home Assistant',
  'demo@navimow.example',
  'friend@navimow.example',
  'reader@navimow.example',
  'NVM-DEMO-0001',
  'NVM-DEMO-0002',
  // The demo's welcome message: a generic message whose title and text the seed stores in English (server/db/seed.ts).
  'Welcome to the message centre',
  'What your mowers report arrives here.',
]);

/** Elements cut short on purpose: a message's two-line preview in the lists (the detail shows it all). */
export const TRUNCATED_BY_DESIGN: readonly string[] = ['[class*="itemBody"]'];

const holdData = (page: Page) =>
  page.route('**/api/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname.startsWith('/api/auth/') || pathname === '/api/mowers') return route.continue();
    // Never answered: the page shows what it shows while it waits (the context closes with the request open).
    await new Promise(() => {});
  });

const invitation = (state: InvitationState): InvitationDto => ({
  id: 'demo-pending',
  state,
  inviter_name: 'Alex Gardner',
  mower: { serial_number: 'NVM-DEMO-0001', name: 'Front lawn', model: 'Navimow i105E' },
  for_me: true,
  expires_at: '2026-12-01T08:00:00.000Z',
  responded_at: state === 'pending' || state === 'expired' ? null : '2026-11-20T08:00:00.000Z',
});

const stubInvitation = (state: InvitationState) => (page: Page) =>
  page.route('**/api/sharing/invitations/demo-pending', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { invitation: invitation(state) } }) : route.fallback(),
  );

const googleLinks = (linked: boolean): VoiceLinksResponse => ({
  links: [
    { platform: 'alexa', linked: false, linked_since: null, client_id: null },
    {
      platform: 'google',
      linked,
      linked_since: linked ? '2026-11-01T08:00:00.000Z' : null,
      client_id: linked ? 'google' : null,
    },
    { platform: 'hornbach', linked: false, linked_since: null, client_id: null },
  ],
});
const stubVoiceLinks = (links: VoiceLinksResponse) => (page: Page) =>
  page.route('**/api/voice-links', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: links }) : route.fallback(),
  );

const consent = (body: { agreed_at: string | null; agreed_version: string | null }) => (page: Page) =>
  page.route('**/api/policy/consent', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { current_version: API_POLICY_VERSION, ...body } })
      : route.fallback(),
  );

const newsletterPrompt = (page: Page) =>
  page.route('**/api/newsletter/prompt', (route) => route.fulfill({ json: { show: true } }));

const dialog = (name: string) => {
  const found = DIALOGS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no dialog recipe "${name}" in e2e/screen-states.ts`);
  return { namespace: found.namespace, visit: found.open };
};

/** A link into the web login, as a third party's OAuth request reaches it: the page with the sign-in form. */
const LOGIN_REQUEST = `/oauth/authorize?${new URLSearchParams({
  response_type: 'code',
  client_id: 'homeassistant',
  redirect_uri: 'https://my.home-assistant.io/redirect/oauth',
  state: 'gallery',
})}`;
/** The demo's Alexa skill's vendor id (server/modules/oauth/clients.ts): its redirect URIs end with it. */
const ALEXA_VENDOR_ID = 'M2NAVIMOWDEMO';
const ALEXA_LOGIN_REQUEST = `/oauth/authorize?${new URLSearchParams({
  response_type: 'code',
  client_id: 'alexa',
  redirect_uri: `https://layla.amazon.com/api/skill/link/${ALEXA_VENDOR_ID}`,
  state: 'gallery',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
})}`;

const submit = (name: string) => async (page: Page, t: Texts) => {
  await page.getByRole('button', { name: t(name) }).click();
};

/** Screens whose data comes from the server: pictured loading, failing and offline too. */
const WITH_DATA: readonly PageRouteId[] = [
  'healthPing',
  'alexaInfo',
  'messageCenter',
  'messageDetail',
  'messageHistory',
  'shareInvitation',
  'apiPolicy',
  'edmPopup',
  'smartHome',
  'googleLinkDetail',
  'googleVoiceInfo',
];

const pathOf = (id: PageRouteId) => {
  const { path }: PageRoute = pageRoutes[id];
  const query = MAIN_STATE_QUERY[id];
  return `${path ?? '/no/such/page'}${query ? `?${query}` : ''}`;
};

/** The states beyond each screen's first, loaded one. */
const STATES: Partial<Record<PageRouteId, Omit<ScreenState, 'screen'>[]>> = {
  healthPing: [
    {
      state: 'outdated app',
      path: '/healthPing',
      answers: { getAppVersion: ok({ versionName: '3.0.0', versionCode: 300000100 }) },
    },
  ],
  smartHomeLogin: [
    { state: 'sign-in form', path: LOGIN_REQUEST, account: 'none' },
    { state: 'form incomplete', path: LOGIN_REQUEST, account: 'none', act: submit('actions.logInAndConnect') },
  ],
  alexaInstallNavimow: [{ state: 'sign-in form', path: ALEXA_LOGIN_REQUEST, account: 'none' }],
  alexaInfo: [
    { state: 'not linked', path: '/smartHome/alexa/info', account: 'friend' },
    { state: 'linked', path: '/smartHome/alexa/info', prepare: stubAlexaLinked },
  ],
  alexaStartLink: [
    {
      state: 'continue in the Alexa app',
      path: '/smartHome/alexa/startBindLink',
      prepare: stubLinking,
      answers: { appIsInstall: ok({ installed: true }), openScheme: ok({ opened: true }) },
    },
  ],
  alexaAppLink: [
    { state: 'link successful', path: '/smartHome/alexa/appBind?code=c&state=stub-success', prepare: stubLinking },
    { state: 'link failure', path: '/smartHome/alexa/appBind?error=access_denied&state=s', prepare: stubLinking },
  ],
  alexaUnlink: [
    { state: 'linked', path: '/smartHome/alexa/unbindAlexa', prepare: stubAlexaLinked },
    {
      state: 'unlink successful',
      path: '/smartHome/alexa/unbindAlexa',
      namespace: 'alexa',
      prepare: async (page) => {
        await stubAlexaLinked(page);
        await page.route('**/api/voice-links/alexa', (route) =>
          route.request().method() === 'DELETE' ? route.fulfill({ status: 204 }) : route.fallback(),
        );
      },
      act: (page, t) =>
        page
          .getByRole('main')
          .getByRole('button', { name: t('actions.unbind') })
          .click(),
    },
    {
      state: 'unlink failure',
      path: '/smartHome/alexa/unbindAlexa',
      namespace: 'alexa',
      prepare: async (page) => {
        await stubAlexaLinked(page);
        await page.route('**/api/voice-links/alexa', (route) =>
          route.request().method() === 'DELETE'
            ? route.fulfill({
                status: 502,
                json: { error: { code: 'amazon_unavailable', message: 'Amazon did not answer.' } },
              })
            : route.fallback(),
        );
      },
      act: (page, t) =>
        page
          .getByRole('main')
          .getByRole('button', { name: t('actions.unbind') })
          .click(),
    },
  ],
  connectSolutions: [
    {
      state: 'bluetooth denied',
      path: '/connectSolutions',
      answers: { getDevicePermissions: ok({ bluetooth: 'denied', location: 'granted', notification: 'granted' }) },
    },
  ],
  winterGuide: [
    {
      state: 'battery too low',
      path: '/robotWinterMode/guide',
      mower: 'NVM-DEMO-0002',
      act: (page, t) =>
        page
          .getByTestId('hibernation')
          .getByRole('button', { name: t('hibernate.begin') })
          .click(),
    },
    { state: 'confirmation open', path: '/robotWinterMode/guide', ...dialog('hibernating the mower') },
  ],
  expansionBay: [
    {
      state: 'unknown model',
      path: '/expansion-bay',
      answers: {
        getMowerList: ok({
          mowers: [
            {
              vehicle_sn: 'NVM-DEMO-0001',
              name: 'Front lawn',
              model: 'Navimow Z900',
              role: 'owner',
              battery_percent: 92,
            },
          ],
        }),
      },
    },
  ],
  commentTool: [
    { state: 'form incomplete', path: '/shulex-comment-tool', act: submit('submit') },
    {
      state: 'sent',
      path: '/shulex-comment-tool',
      prepare: (page) =>
        page.route('**/api/comments', (route) => route.fulfill({ status: 201, json: { comment: { id: 'gallery' } } })),
      act: async (page, t) => {
        await page.getByRole('radio').nth(3).check();
        await page.getByRole('button', { name: t('submit') }).click();
      },
    },
  ],
  messageCenter: [
    { state: 'empty', path: '/message-center', prepare: emptyInbox },
    { state: 'confirmation open', path: '/message-center', ...dialog('marking all messages read') },
  ],
  messageDetail: [
    { state: 'another mower', path: '/message-detail?id=demo-msg-blade' },
    { state: 'not found', path: '/message-detail?id=no-such-message' },
  ],
  messageHistory: [{ state: 'empty', path: '/messageHistory', prepare: emptyInbox }],
  shareInvitation: [
    { state: 'accepted', path: '/shareInvitation?id=demo-pending', prepare: stubInvitation('accepted') },
    { state: 'rejected', path: '/shareInvitation?id=demo-pending', prepare: stubInvitation('rejected') },
    { state: 'expired', path: '/shareInvitation?id=demo-pending', prepare: stubInvitation('expired') },
    { state: 'withdrawn', path: '/shareInvitation?id=demo-pending', prepare: stubInvitation('cancelled') },
    { state: 'for another account', path: '/shareInvitation?id=demo-pending', account: 'friend' },
    { state: 'not found', path: '/shareInvitation?id=no-such-invitation' },
    { state: 'no id', path: '/shareInvitation' },
    {
      state: 'outdated app',
      path: '/shareInvitation?id=demo-pending',
      answers: { getAppVersion: ok({ versionName: '3.0.0', versionCode: 300000100 }) },
    },
    { state: 'confirmation open', path: '/shareInvitation?id=demo-pending', ...dialog('rejecting an invitation') },
    {
      state: 'accept failure',
      path: '/shareInvitation?id=demo-pending',
      prepare: (page) => page.route('**/api/sharing/invitations/*/accept', (route) => route.abort()),
      act: submit('accept'),
    },
  ],
  apiPolicy: [
    {
      state: 'agreed',
      path: '/apiPolicy',
      prepare: consent({ agreed_at: '2026-11-02T08:00:00.000Z', agreed_version: API_POLICY_VERSION }),
    },
    { state: 'changed', path: '/apiPolicy', prepare: consent({ agreed_at: null, agreed_version: '2025-01-15' }) },
  ],
  edmPopup: [
    {
      state: 'invalid address',
      path: '/edmPopup',
      prepare: newsletterPrompt,
      act: async (page, t) => {
        await page.getByRole('textbox').first().fill('gardener@example');
        await page.getByRole('button', { name: t('subscribe') }).click();
      },
    },
    {
      state: 'subscribed',
      path: '/edmPopup',
      prepare: async (page) => {
        await newsletterPrompt(page);
        await page.route('**/api/newsletter/subscriptions', (route) => route.fulfill({ status: 202, json: {} }));
      },
      act: submit('subscribe'),
    },
  ],
  smartHome: [
    {
      state: 'connected service',
      path: '/smartHome',
      prepare: (page) =>
        page.route('**/api/voice-links/services', (route) => route.fulfill({ json: homeAssistantLinked })),
    },
    { state: 'confirmation open', path: '/smartHome', ...dialog('unlinking a connected service') },
  ],
  googleLinkDetail: [
    { state: 'linked', path: '/smartHome/googleHome/bindDetail', prepare: stubVoiceLinks(googleLinks(true)) },
    { state: 'not linked', path: '/smartHome/googleHome/bindDetail', prepare: stubVoiceLinks(googleLinks(false)) },
  ],
  googleStartUnlink: [
    { state: 'linked', path: '/smartHome/googleHome/startUnbindLink', prepare: stubVoiceLinks(googleLinks(true)) },
  ],
  googleAppLink: [
    {
      state: 'unregistered client',
      path: `/smartHome/googleHome/appBind?${new URLSearchParams({ client_id: 'intruder', scope: 'mower:read', redirect_uri: 'https://oauth-redirect.googleusercontent.com/r/navimow-demo', state: 's-1' })}`,
      act: submit('appFlip.agree'),
    },
  ],
};

/** Pages that move on by themselves as they open: only their states above are pictured. */
const NO_FIRST_STATE: readonly PageRouteId[] = ['alexaStartLink'];

/** Every screen and state, in the page table's order. */
export function catalogue(): ScreenState[] {
  const all: ScreenState[] = [];
  for (const id of Object.keys(pageRoutes) as PageRouteId[]) {
    const { plainBrowser }: PageRoute = pageRoutes[id];
    const account = plainBrowser ? 'none' : undefined;
    if (!NO_FIRST_STATE.includes(id)) all.push({ screen: id, state: 'content', path: pathOf(id), account });
    for (const state of STATES[id] ?? []) all.push({ screen: id, account, ...state });
    if (WITH_DATA.includes(id)) {
      all.push({ screen: id, state: 'loading', path: pathOf(id), prepare: holdData, loading: true });
      all.push({ screen: id, state: 'error', path: pathOf(id), prepare: serverOutage });
      all.push({ screen: id, state: 'offline', path: pathOf(id), offline: true });
    }
  }
  return all;
}

/** A state's file name: `<screen>--<state>`, in letters, digits and dashes. */
export function shotName({ screen, state }: Pick<ScreenState, 'screen' | 'state'>): string {
  return `${screen}--${state
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}
