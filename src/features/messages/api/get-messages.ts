import { type MessageDto, type MessageFilter, type MessagePage, messagesPath } from '../../../../common/messages.ts';
import { listMessages } from 'virtual:api-endpoints';
import { callApi } from '../../../lib/api-client.ts';
import { personalResponse } from '../../../lib/personal-view-data.ts';
import type { ListPage } from '../../../lib/use-paged-list.ts';

/** The last 30 days, or the older history (seed section 9). */
export type MessageWindow = 'recent' | 'history';

export interface MessageQuery {
  category: MessageFilter;
  window: MessageWindow;
  cursor?: string | null;
  limit?: number;
}

const toListPage = (page: MessagePage): ListPage<MessageDto> => ({
  items: page.messages,
  nextCursor: page.next_cursor,
});

/** GET /api/messages: one page of the reader's messages, newest first, as `usePagedList` reads pages. */
export async function getMessages(query: MessageQuery, signal?: AbortSignal): Promise<ListPage<MessageDto>> {
  const { category, window, cursor, limit } = query;
  // In the order of `messagesPath`, which names the page a personal first view holds.
  const page = await callApi(listMessages, {
    query: { category, window, cursor: cursor || undefined, limit },
    auth: true,
    signal,
  });
  return toListPage(page);
}

/** The page a personal first view was rendered with for this query, while rendering that view. */
export function personalMessages(query: MessageQuery): ListPage<MessageDto> | undefined {
  const page = personalResponse<MessagePage>(messagesPath(query));
  return page && toListPage(page);
}
