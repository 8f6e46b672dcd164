import type { z } from 'zod';
import type { message, messageParams, messagesApi } from './api/messages.ts';
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

/** Every message type and its parameters (common/api/messages.ts); the page has a text for each in every language. */
export type MessageParams = { [Type in keyof typeof messageParams]: z.output<(typeof messageParams)[Type]> };

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

/** A message of the reader's, as the API answers it (common/api/messages.ts). */
export type MessageDto = z.output<typeof message>;

export type UnreadCounts = Record<MessageFilter, number>;

/** GET /api/messages?category=&window=recent|history&cursor=&limit= */
export type MessagePage = z.output<(typeof messagesApi)['routes']['listMessages']['response']>;

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
export type MarkAllReadRequest = z.input<(typeof messagesApi)['routes']['markAllRead']['body']>;
