import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageFilter } from '../../../../common/messages.ts';
import { HISTORY_PREVIEW } from '../../../../common/personal-view.ts';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { InfiniteList } from '../../../components/infinite-list.tsx';
import { NetworkError } from '../../../lib/api-client.ts';
import { reportUnexpected } from '../../../lib/error-reporting/error-reporting.ts';
import { useBackOnline } from '../../../lib/offline/use-back-online.ts';
import { canRetry, type RequestFailure, requestFailure } from '../../../lib/request-failure.ts';
import { useAsync } from '../../../lib/use-async.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { getMessages, personalMessages } from '../api/get-messages.ts';
import { isRead, refreshUnreadCounts, useMessageState } from '../message-store.ts';
import { HistorySection } from './history-section.tsx';
import { MarkAllRead } from './mark-all-read.tsx';
import { MessageItem } from './message-item.tsx';
import styles from './messages.module.css';

/**
 * One tab of the centre: its messages of the last 30 days, loaded page by page as the reader scrolls, then its
 * History section. Mounted anew for each tab and each refresh. A personal first view (common/personal-view.ts)
 * gives the first tab its first answers.
 */
export function CategoryPanel({
  category,
  onRefresh,
  onEnded,
}: {
  category: MessageFilter;
  onRefresh: () => void;
  /** The session is gone: the centre shows that in place of its tabs. */
  onEnded: (failure: RequestFailure) => void;
}) {
  const { t } = useTranslation(['messages', 'common']);
  const state = useMessageState();
  const recent = usePagedList(
    (cursor, signal) => getMessages({ category, window: 'recent', cursor }, signal),
    personalMessages({ category, window: 'recent' }),
  );
  const history = useAsync(
    (signal) => getMessages({ category, window: 'history', limit: HISTORY_PREVIEW }, signal),
    personalMessages({ category, window: 'history', limit: HISTORY_PREVIEW }),
  );
  useBackOnline(recent.status === 'error' && recent.error instanceof NetworkError, recent.loadMore);

  const recentEmpty = recent.status === 'done' && recent.items.length === 0;
  const historyItems = history.status === 'success' ? history.data.items : [];
  const noHistory = history.status === 'success' && historyItems.length === 0;
  const newest = (recent.items[0] ?? historyItems[0])?.created_at;
  const unread = state.unread?.[category];
  // The list can be newer than the counts (a message that came after them): it is what the reader sees, so the
  // toolbar follows it, and the counts are asked for again at once instead of at their next minute.
  const listedUnread = recent.items.filter((message) => !isRead(message, state)).length;
  const countsBehind = unread !== undefined && listedUnread > unread;
  useEffect(() => {
    if (countsBehind) refreshUnreadCounts().catch(reportUnexpected);
  }, [countsBehind, recent.items]);
  const noUnreadNote = useRef<HTMLParagraphElement>(null);
  // "Mark all read" goes away once it has done its work: the focus moves to the note that takes its place.
  const focusNote = () => requestAnimationFrame(() => noUnreadNote.current?.focus());

  // Signed out (or not in the app): no list, Refresh or Retry can get past that; the centre says so instead.
  const failure = recent.status === 'error' ? requestFailure(recent.error) : undefined;
  const ended = failure && !canRetry(failure) ? failure : undefined;
  useEffect(() => {
    if (ended) onEnded(ended);
  }, [ended, onEnded]);
  if (ended) return null;

  return (
    <>
      <div className={styles.toolbar}>
        {unread === 0 && !countsBehind && newest !== undefined && (
          <p ref={noUnreadNote} tabIndex={-1} className={styles.toolbarNote}>
            {t('list.noUnread')}
          </p>
        )}
        <Button variant="secondary" onClick={onRefresh}>
          {t('actions.refresh')}
        </Button>
        {(unread !== 0 || countsBehind) && <MarkAllRead category={category} newest={newest} onMarked={focusNote} />}
      </div>

      {recentEmpty ? (
        history.status === 'pending' ? (
          <p role="status" className={styles.muted}>
            {t('common:list.loading')}
          </p>
        ) : noHistory ? (
          <EmptyState title={t('empty.none')} titleAs="p">
            {t('empty.noneText')}
          </EmptyState>
        ) : (
          <EmptyState title={t('empty.recent')} titleAs="p" />
        )
      ) : (
        <InfiniteList
          items={recent.items}
          getKey={(message) => message.id}
          renderItem={(message) => <MessageItem message={message} read={isRead(message, state)} />}
          status={recent.status}
          onLoadMore={recent.loadMore}
          label={t('list.label')}
          errorText={t('list.failed')}
          {...(noHistory && { endText: t('list.end') })}
        />
      )}
      {recent.status === 'done' && <HistorySection category={category} history={history} />}
    </>
  );
}
