/**
 * The pages of the web view as data (contract section 2): what the client's route table (src/app/routes.ts) is
 * built from and what the server reads to prepare each page's first requests (server/http/pages.ts). No React
 * here, so that Node runs it directly.
 */
export interface PageRoute {
  /** The page's path; the not-found route has none and takes every other path. */
  readonly path?: string;
  /** The screen's module, `src/app/routes/<screen>.tsx`: its own lazily loaded chunk. */
  readonly screen: string;
  /** Locale namespaces the screen needs, loaded with its chunk; the first holds its title. */
  readonly namespaces: readonly [string, ...string[]];
  /** The title's key in the first namespace, when it is not `title`. */
  readonly titleKey?: string;
  /** Kept alive (hidden, not unmounted) when the user leaves it: the message centre. */
  readonly keepAlive?: boolean;
  /**
   * Opened in a plain browser, outside the mower app (the Alexa app, Google Home, a third party's web login):
   * never shown inside the simulated native app.
   */
  readonly plainBrowser?: boolean;
  /**
   * The query parameters the screen's first render reads (`lang` aside, which the server resolves itself). The
   * server renders the first view with these only (server/http/pages.ts): any other parameter cannot change it, so
   * it makes no render of its own. A screen that reads a parameter must name it here, or its server-rendered
   * first view is the one without it.
   */
  readonly query?: readonly string[];
  /**
   * Of `query`, the parameters that only name what the screen loads (an item's id): its first render, before any
   * answer, is the same for every value but a blank one. The server renders them with `ITEM_STAND_IN` and keeps that
   * document for every value (server/http/pages.ts), so a new id costs no render; `src/entry-server.test.tsx` checks
   * that the first view does not show the value.
   */
  readonly itemQuery?: readonly string[];
  /**
   * A developer tool's title, the same in every language: its screen is in English only and its texts are not in
   * locales/ (the bridge check, docs/decisions/031-bridge-check.md). Such a page lists only `common`, which every
   * page loads anyway; its screen marks its content `lang="en"`.
   */
  readonly untranslatedTitle?: string;
}

/** The value an `itemQuery` parameter is rendered with on the server: any id, shown nowhere in the first view. */
export const ITEM_STAND_IN = 'item';

export const pageRoutes = {
  healthPing: { path: '/healthPing', screen: 'health-ping', namespaces: ['health'] },
  smartHomeLogin: {
    path: '/smartHome/login',
    screen: 'smart-home-login',
    namespaces: ['accountLinking'],
    plainBrowser: true,
    query: ['interaction'],
  },
  alexaInstallNavimow: {
    path: '/smartHome/alexa/installNavimow',
    screen: 'alexa-install-navimow',
    namespaces: ['accountLinking'],
    titleKey: 'alexaTitle',
    plainBrowser: true,
    query: ['interaction'],
  },
  alexaInfo: { path: '/smartHome/alexa/info', screen: 'alexa-info', namespaces: ['alexa'] },
  alexaExternalInfo: {
    path: '/smartHome/alexa/externalInfo',
    screen: 'alexa-external-info',
    namespaces: ['alexa'],
    plainBrowser: true,
  },
  alexaStartLink: {
    path: '/smartHome/alexa/startBindLink',
    screen: 'alexa-start-link',
    namespaces: ['alexa'],
    titleKey: 'start.title',
    query: ['via'],
  },
  alexaAppLink: {
    path: '/smartHome/alexa/appBind',
    screen: 'alexa-app-link',
    namespaces: ['alexa'],
    titleKey: 'bind.title',
    query: ['code', 'state', 'error'],
  },
  alexaTroubleshooting: {
    path: '/smartHome/alexa/troubleshooting',
    screen: 'alexa-troubleshooting',
    namespaces: ['alexa'],
    titleKey: 'troubleshooting.title',
  },
  alexaUnlink: {
    path: '/smartHome/alexa/unbindAlexa',
    screen: 'alexa-unlink',
    namespaces: ['alexa'],
    titleKey: 'unbind.title',
  },
  alexaVoiceInfo: {
    path: '/smartHome/alexa/voiceInfo',
    screen: 'alexa-voice-info',
    namespaces: ['alexa'],
    titleKey: 'voice.title',
  },
  connectSolutions: { path: '/connectSolutions', screen: 'connect-solutions', namespaces: ['connectSolutions'] },
  winterGuide: { path: '/robotWinterMode/guide', screen: 'winter-guide', namespaces: ['winterGuide'] },
  overDischargeNotice: {
    path: '/robotWinterMode/overDischargeNotice',
    screen: 'over-discharge-notice',
    namespaces: ['overDischarge'],
  },
  expansionBay: { path: '/expansion-bay', screen: 'expansion-bay', namespaces: ['expansionBay'] },
  commentTool: { path: '/shulex-comment-tool', screen: 'shulex-comment-tool', namespaces: ['comments'] },
  messageCenter: { path: '/message-center', screen: 'message-center', namespaces: ['messages'], keepAlive: true },
  messageDetail: {
    path: '/message-detail',
    screen: 'message-detail',
    namespaces: ['messages'],
    titleKey: 'detail.title',
    query: ['id'],
    itemQuery: ['id'],
  },
  messageHistory: {
    path: '/messageHistory',
    screen: 'message-history',
    namespaces: ['messages'],
    titleKey: 'history.title',
    query: ['category'],
  },
  shareInvitation: {
    path: '/shareInvitation',
    screen: 'share-invitation',
    namespaces: ['sharing'],
    query: ['id'],
    itemQuery: ['id'],
  },
  apiPolicy: { path: '/apiPolicy', screen: 'api-policy', namespaces: ['apiPolicy'] },
  edmPopup: { path: '/edmPopup', screen: 'edm-popup', namespaces: ['newsletter'] },
  // Smart home (issue 9): the overview, Google Assistant and Hornbach. Alexa's pages live under /smartHome/alexa/.
  smartHome: { path: '/smartHome', screen: 'smart-home', namespaces: ['smartHome'] },
  googleLinkDetail: {
    path: '/smartHome/googleHome/bindDetail',
    screen: 'google-link-detail',
    namespaces: ['googleHome'],
  },
  googleHowToConnect: {
    path: '/smartHome/googleHome/howToConnect',
    screen: 'google-how-to-connect',
    namespaces: ['googleHome'],
    titleKey: 'howTo.title',
  },
  googleStartUnlink: {
    path: '/smartHome/googleHome/startUnbindLink',
    screen: 'google-start-unlink',
    namespaces: ['googleHome'],
    titleKey: 'unlink.title',
  },
  googleAppLink: {
    path: '/smartHome/googleHome/appBind',
    screen: 'google-app-link',
    namespaces: ['googleHome'],
    titleKey: 'appFlip.title',
    query: ['client_id', 'scope', 'redirect_uri', 'state'],
  },
  googleIntegrationInfo: {
    path: '/smartHome/googleHome/integrationInfo',
    screen: 'google-integration-info',
    namespaces: ['googleHome'],
    titleKey: 'integration.title',
  },
  googleVoiceInfo: {
    path: '/smartHome/googleHome/voiceInfo',
    screen: 'google-voice-info',
    namespaces: ['googleHome'],
    titleKey: 'voice.title',
  },
  hornbachIntro: {
    path: '/smartHome/hornbach/intro',
    screen: 'hornbach-intro',
    namespaces: ['hornbach'],
    titleKey: 'intro.title',
  },
  hornbachHowToConnect: {
    path: '/smartHome/hornbach/howToConnect',
    screen: 'hornbach-how-to-connect',
    namespaces: ['hornbach'],
    titleKey: 'howTo.title',
  },
  // For the native team (docs/bridge.md), not linked from the product's screens; English only (decision 031).
  bridgeCheck: {
    path: '/bridgeCheck',
    screen: 'bridge-check',
    namespaces: ['common'],
    untranslatedTitle: 'Bridge check',
  },
  notFound: { screen: 'not-found', namespaces: ['common'] },
} as const satisfies Record<string, PageRoute>;

export type PageRouteId = keyof typeof pageRoutes;

/** Where a screen's module lies in the source tree: its key in Vite's build manifest. */
export function screenModule(route: Pick<PageRoute, 'screen'>): string {
  return `src/app/routes/${route.screen}.tsx`;
}

/**
 * Whether a page path matches a pathname as React Router's `matchPath` with `end: true` would: ignoring case and
 * trailing slashes. Both sides use this one rule, so the server prepares the page the client will show.
 */
export function pathMatches(path: string, pathname: string): boolean {
  return pathname.replace(/\/+$/, '').toLowerCase() === path.replace(/\/+$/, '').toLowerCase();
}

/** The id of the page a pathname shows: the not-found route for any path of no page. */
export function matchPageRoute(pathname: string): PageRouteId {
  const ids = Object.keys(pageRoutes) as PageRouteId[];
  return (
    ids.find((id) => {
      const { path } = pageRoutes[id] as PageRoute;
      return path !== undefined && pathMatches(path, pathname);
    }) ?? 'notFound'
  );
}
