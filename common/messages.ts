/**
 * The message centre (seed sections 3, 4, 8 and 9), as the HTTP API speaks it. A message is a type with
 * parameters, so that it reads in the reader's language; free text only for the generic notification.
 */

export const MESSAGE_CATEGORIES = ['important', 'workLog', 'notification', 'system', 'device'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];
/** The tabs: every category, and all of them together. */
export type MessageFilter = MessageCategory | 'all';
export const MESSAGE_FILTERS: readonly MessageFilter[] = ['all', ...MESSAGE_CATEGORIES];

/** New messages are those of the last 30 days (seed section 9); older ones are the history. */
export const MESSAGE_WINDOW_DAYS = 30;
export const MESSAGE_PAGE_SIZE = 20;
export const MESSAGE_PAGE_MAX = 50;

export const FAULT_REASONS = [
  'stuck',
  'lifted',
  'tilted',
  'outsideBoundary',
  'bladeBlocked',
  'lowBattery',
  'rainDelay',
] as const;
export type FaultReason = (typeof FAULT_REASONS)[number];

/** Every message type and its parameters; the page has a text for each in every language. */
export interface MessageParams {
  mowingStarted: Record<string, never>;
  mowingFinished: { areaSquareMetres: number; minutes: number };
  returnedToStation: { reason: 'finished' | 'lowBattery' | 'rain' | 'manual' };
  fault: { reason: FaultReason };
  deviceOffline: Record<string, never>;
  deviceOnline: Record<string, never>;
  firmwareAvailable: { version: string };
  /** Due `dueInDays` days after the message came: a date relative to its creation, in the reader's calendar. */
  maintenance: { dueInDays: number };
  shareAccepted: { name: string };
  /** The account's first message, introducing the message centre. */
  welcome: Record<string, never>;
  /** Free text from an operator, shown as text only. */
  generic: { title: string; body: string };
}

export type MessageType = keyof MessageParams;
export const MESSAGE_TYPES = [
  'mowingStarted',
  'mowingFinished',
  'returnedToStation',
  'fault',
  'deviceOffline',
  'deviceOnline',
  'firmwareAvailable',
  'maintenance',
  'shareAccepted',
  'welcome',
  'generic',
] as const satisfies readonly MessageType[];

export type Severity = 'info' | 'warning' | 'critical';

export type MessageDto = {
  [T in MessageType]: {
    id: string;
    category: MessageCategory;
    type: T;
    params: MessageParams[T];
    severity: Severity;
    /** The fault code the mower reported, for faults. */
    fault_code: string | null;
    created_at: string;
    /** How often it happened: a work-log event the mower repeats within minutes counts into one message. */
    occurrences: number;
    /** When it last happened, if more than once. */
    last_occurred_at: string | null;
    read: boolean;
    /** The mower it is about; null for account-wide messages. Its name is untrusted text. */
    mower: { serial_number: string; name: string } | null;
  };
}[MessageType];

export type UnreadCounts = Record<MessageFilter, number>;

/** GET /api/messages?category=&window=recent|history&cursor=&limit= */
export interface MessagePage {
  messages: MessageDto[];
  /** Pass back as `cursor` for the next page; null at the end. */
  next_cursor: string | null;
}

/** The page of GET /api/messages a query asks for, as a path under `/api` (the parameters always in this order). */
export function messagesPath({
  category,
  window,
  cursor,
  limit,
}: {
  category: MessageFilter;
  window: 'recent' | 'history';
  cursor?: string | null;
  limit?: number;
}): string {
  const query = new URLSearchParams({ category, window });
  if (cursor) query.set('cursor', cursor);
  if (limit !== undefined) query.set('limit', String(limit));
  return `/messages?${query}`;
}

/** POST /api/messages/mark-all-read: everything in `category` up to the newest message the reader has seen. */
export interface MarkAllReadRequest {
  category: MessageFilter;
  /** `created_at` of the newest message the reader has seen: later arrivals stay unread. */
  up_to: string;
}
