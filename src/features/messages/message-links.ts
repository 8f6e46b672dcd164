import type { MessageFilter } from '../../../common/messages.ts';
import { pageRoutes } from '../../../common/page-routes.ts';

export function messageDetailHref(id: string): string {
  return `${pageRoutes.messageDetail.path}?${new URLSearchParams({ id })}`;
}

export function messageHistoryHref(category: MessageFilter): string {
  const path = pageRoutes.messageHistory.path;
  return category === 'all' ? path : `${path}?${new URLSearchParams({ category })}`;
}
