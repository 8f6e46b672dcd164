/**
 * The personal first view (docs/decisions/021-personal-first-view.md, widened by 029): pages whose first screen shows
 * the user's data (the message centre's list, its history, a message, an invitation, a voice link's state, the
 * policy consent, the winter guide's battery line) are painted with that data before the app's code has arrived.
 * The entry asks the native app for the token and the server for the page's first view rendered with the data
 * (`GET /api/personal-view`); the app then takes that markup over with the same data, so nothing on screen moves.
 */
import type { z } from 'zod';
import type { pagesApi } from './api/personal-view.ts';
import { MESSAGE_FILTERS, type MessageFilter, messagesPath } from './messages.ts';
import type { PageRouteId } from './page-routes.ts';

/** The `<meta>` that marks a page as having a personal first view: the entry reads it, nothing else does. */
export const PERSONAL_VIEW_META = 'navimow-personal-view';

/** How many older messages the message centre's History section shows before "Show more". */
export const HISTORY_PREVIEW = 3;

/** What the entry knows of the reader beside the page's address: the app's current mower (none when it has none). */
export interface PersonalViewContext {
  currentMower: string | undefined;
}

/** The API requests (paths under `/api`) whose answers a page's first render shows, for its address's parameters. */
export type PersonalViewRequests = (search: URLSearchParams, context: PersonalViewContext) => string[];

/** Each page's `PersonalViewRequests`, by page route. */
export const personalViewRequests: Partial<Record<PageRouteId, PersonalViewRequests>> = {
  // The first tab: its recent messages' first page and the History section's preview.
  messageCenter: () => [
    messagesPath({ category: 'all', window: 'recent' }),
    messagesPath({ category: 'all', window: 'history', limit: HISTORY_PREVIEW }),
  ],
  messageHistory: (search) => [messagesPath({ category: historyFilter(search.get('category')), window: 'history' })],
  messageDetail: (search) => idPath('/messages/', search),
  shareInvitation: (search) => idPath('/sharing/invitations/', search),
  alexaInfo: () => [VOICE_LINKS_PATH],
  googleLinkDetail: () => [VOICE_LINKS_PATH],
  apiPolicy: () => [POLICY_CONSENT_PATH],
  // The hibernation panel's line: the current mower's name and its battery (or "hibernating") as the server sees it.
  winterGuide: (_search, { currentMower }) => (currentMower ? [MOWERS_PATH, mowerStatusPath(currentMower)] : []),
};

/** GET /api/mowers: the account's mowers. */
export const MOWERS_PATH = '/mowers';

/** GET /api/mowers/<serial>/status: a mower's state as the server sees it. */
export function mowerStatusPath(serial: string): string {
  return `/mowers/${encodeURIComponent(serial)}/status`;
}

/** GET /api/voice-links: the account's link with each voice platform. */
export const VOICE_LINKS_PATH = '/voice-links';
/** GET /api/policy/consent: the policy version and what the account agreed to. */
export const POLICY_CONSENT_PATH = '/policy/consent';

type ItemPrefix = '/messages/' | '/sharing/invitations/';

/** The path of the item an `id` parameter names (as the screen trims it), or none: the screen then has no data to show. */
function idPath(prefix: ItemPrefix, search: URLSearchParams): string[] {
  const id = search.get('id')?.trim();
  return id ? [itemPath(prefix, id)] : [];
}

/** `/messages/<id>`, `/sharing/invitations/<id>`: how the screens and the view name one item's request. */
export function itemPath(prefix: ItemPrefix, id: string): string {
  return `${prefix}${encodeURIComponent(id)}`;
}

/** The tab a history page shows: its `category` parameter, or all. */
export function historyFilter(value: string | null): MessageFilter {
  return MESSAGE_FILTERS.find((filter) => filter === value) ?? 'all';
}

/** What the server rendered a personal first view with, and what the app's first render must use to match it. */
export interface PersonalViewData {
  /** The API's answers, by path under `/api` (as `personalViewRequests` names them). */
  responses: Record<string, unknown>;
  /** The time the view was rendered at (ms since the epoch): "5 minutes ago" reads the same on both sides. */
  now: number;
  /** The reader's IANA time zone, in which days and times are shown. */
  timeZone: string;
  /**
   * The native app's version code as the app told the entry (`getAppVersion`), null when it could not say: what the
   * invitation's first render needs to tell the offer from "update the app".
   */
  appVersionCode: number | null;
  /**
   * The app's current mower as the app told the entry (`getCommonAppData`'s `vehicle_sn`), absent when it has none:
   * the mower the winter guide's first render shows the battery of.
   */
  currentMower?: string;
}

/** GET /api/personal-view?path=&lang=&tz=&app=&mower= answers this (common/api/personal-view.ts). */
export type PersonalView = z.output<(typeof pagesApi)['routes']['personalView']['response']>;
