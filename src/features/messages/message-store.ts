import { useSyncExternalStore } from 'react';
import {
  MESSAGE_WINDOW_DAYS,
  type MessageDto,
  type MessageFilter,
  type UnreadCounts,
} from '../../../common/messages.ts';
import { getUnreadCounts } from './api/get-unread-counts.ts';
import { markRead } from './api/mark-read.ts';

/**
 * What the message screens learn about read state while the page runs, shared between them: the detail marks a
 * message read and the kept-alive centre, when the user comes back to it, shows that message read and counts
 * one less, without loading its list again. The lists keep the messages as the server sent them; this store
 * says which of them have been read since.
 */
export interface MessageState {
  /** Unread messages of the last 30 days per tab; undefined until the first answer. */
  unread: UnreadCounts | undefined;
  /** Messages opened since their list was loaded. */
  readIds: ReadonlySet<string>;
  /** "Mark all read" done since: every message of `filter` up to `upTo` (ms) is read. */
  readAll: readonly { filter: MessageFilter; upTo: number }[];
}

const INITIAL: MessageState = { unread: undefined, readIds: new Set(), readAll: [] };
const WINDOW_MS = MESSAGE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

let state = INITIAL;
const listeners = new Set<() => void>();
/** Reads still on their way to the server: counts asked for meanwhile would not include them yet. */
const pendingReads = new Set<Promise<unknown>>();

function setState(next: MessageState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMessageState(): MessageState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );
}

export function isRead(message: MessageDto, { readIds, readAll }: MessageState = state): boolean {
  if (message.read || readIds.has(message.id)) return true;
  const created = Date.parse(message.created_at);
  return readAll.some(({ filter, upTo }) => (filter === 'all' || filter === message.category) && created <= upTo);
}

/** Unread counts cover the last 30 days only. */
function counted(message: MessageDto): boolean {
  return Date.now() - Date.parse(message.created_at) < WINDOW_MS;
}

function adjustUnread(message: MessageDto, by: 1 | -1): UnreadCounts | undefined {
  const { unread } = state;
  if (!unread || !counted(message)) return unread;
  return {
    ...unread,
    all: Math.max(0, unread.all + by),
    [message.category]: Math.max(0, unread[message.category] + by),
  };
}

export function setUnreadCounts(unread: UnreadCounts): void {
  setState({ ...state, unread });
}

/**
 * Fetches the unread counts, once the reads still under way have reached the server, so that a message just
 * opened is not counted again.
 */
export async function refreshUnreadCounts(signal?: AbortSignal): Promise<void> {
  await Promise.allSettled([...pendingReads]);
  const unread = await getUnreadCounts(signal);
  if (!signal?.aborted) setUnreadCounts(unread);
}

/**
 * Marks a message read as the reader opens it: at once on screen, then on the server. When the server cannot be
 * told, the message is unread again on screen too, and the failure is thrown.
 */
export async function readMessage(message: MessageDto): Promise<void> {
  if (isRead(message)) return;
  setState({ ...state, readIds: new Set([...state.readIds, message.id]), unread: adjustUnread(message, -1) });
  const request = markRead(message.id);
  pendingReads.add(request);
  try {
    await request;
  } catch (error) {
    const readIds = new Set(state.readIds);
    readIds.delete(message.id);
    setState({ ...state, readIds, unread: adjustUnread(message, 1) });
    throw error;
  } finally {
    pendingReads.delete(request);
  }
}

/** Records a done "Mark all read" and the counts the server answered with. */
export function markedAllRead(filter: MessageFilter, upTo: string, unread: UnreadCounts): void {
  setState({ ...state, unread, readAll: [...state.readAll, { filter, upTo: Date.parse(upTo) }] });
}

/** Starts a new page session: for tests. */
export function resetMessageStore(): void {
  pendingReads.clear();
  setState(INITIAL);
}
