import type { MessageDto, MessageFilter, MessagePage } from '../../../../common/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ListPage } from '../../../lib/use-paged-list.ts';

/** The last 30 days, or the older history (seed section 9). */
export type MessageWindow = 'recent' | 'history';

export interface MessageQuery {
  category: MessageFilter;
  window: MessageWindow;
  cursor?: string | null;
  limit?: number;
}

/** GET /api/messages: one page of the reader's messages, newest first, as `usePagedList` reads pages. */
export async function getMessages({ category, window, cursor, limit }: MessageQuery, signal?: AbortSignal): Promise<ListPage<MessageDto>> {
  const query = new URLSearchParams({ category, window });
  if (cursor) query.set('cursor', cursor);
  if (limit !== undefined) query.set('limit', String(limit));
  const page = await apiRequest<MessagePage>(`/messages?${query}`, { auth: true, signal });
  return { items: page.messages, nextCursor: page.next_cursor };
}
