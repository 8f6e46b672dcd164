import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MessageFilter } from '../../../../common/messages.ts';
import { historyFilter } from '../../../../common/personal-view.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { InfiniteList } from '../../../components/infinite-list.tsx';
import { Page } from '../../../components/page.tsx';
import { RequestFailureScreen } from '../../../components/request-failure-message.tsx';
import { NetworkError } from '../../../lib/api-client.ts';
import { useBackOnline } from '../../../lib/offline/use-back-online.ts';
import { canRetry, type RequestFailure, requestFailure } from '../../../lib/request-failure.ts';
import { usePagedList } from '../../../lib/use-paged-list.ts';
import { getMessages, personalMessages } from '../api/get-messages.ts';
import { isRead, useMessageState } from '../message-store.ts';
import { MessageItem } from './message-item.tsx';
import styles from './messages.module.css';

/** Route `messageHistory?category=`: messages older than 30 days, of one tab of the centre, page by page. */
export function MessageHistoryScreen() {
  const { t } = useTranslation('messages');
  const [params] = useSearchParams();
  const category = historyFilter(params.get('category'));
  const [ended, setEnded] = useState<RequestFailure>();
  if (ended)
    return <RequestFailureScreen title={t('history.title')} failure={ended} texts={{ load: t('history.failed') }} />;
  return (
    <Page title={t('history.title')}>
      <p className={styles.muted}>{t('history.intro')}</p>
      {category !== 'all' && <p>{t('history.category', { category: t(`tabs.${category}`) })}</p>}
      <HistoryList key={category} category={category} onEnded={setEnded} />
    </Page>
  );
}

function HistoryList({ category, onEnded }: { category: MessageFilter; onEnded: (failure: RequestFailure) => void }) {
  const { t } = useTranslation('messages');
  const state = useMessageState();
  const list = usePagedList(
    (cursor, signal) => getMessages({ category, window: 'history', cursor }, signal),
    personalMessages({ category, window: 'history' }),
  );
  useBackOnline(list.status === 'error' && list.error instanceof NetworkError, list.loadMore);
  const failure = list.status === 'error' ? requestFailure(list.error) : undefined;
  const ended = failure && !canRetry(failure) ? failure : undefined;
  useEffect(() => {
    if (ended) onEnded(ended);
  }, [ended, onEnded]);
  if (ended) return null;
  return (
    <InfiniteList
      items={list.items}
      getKey={(message) => message.id}
      renderItem={(message) => <MessageItem message={message} read={isRead(message, state)} />}
      status={list.status}
      onLoadMore={list.loadMore}
      label={t('history.section')}
      errorText={t('history.failed')}
      endText={t('list.end')}
      empty={<EmptyState title={t('history.empty')} titleAs="p" />}
    />
  );
}
