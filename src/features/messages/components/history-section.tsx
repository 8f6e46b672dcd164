import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageDto, MessageFilter } from '../../../../common/messages.ts';
import { Link } from '../../../components/link.tsx';
import { RequestFailureMessage } from '../../../components/request-failure-message.tsx';
import { requestFailure } from '../../../lib/request-failure.ts';
import type { AsyncResult } from '../../../lib/use-async.ts';
import type { ListPage } from '../../../lib/use-paged-list.ts';
import { messageHistoryHref } from '../message-links.ts';
import { isRead, useMessageState } from '../message-store.ts';
import { MessageItem } from './message-item.tsx';
import styles from './messages.module.css';

/** The centre's History section: the newest messages older than 30 days, and the way to all of them. */
export function HistorySection({
  category,
  history,
}: {
  category: MessageFilter;
  history: AsyncResult<ListPage<MessageDto>>;
}) {
  const { t } = useTranslation('messages');
  const state = useMessageState();
  const headingId = useId();
  if (history.status === 'pending' || (history.status === 'success' && history.data.items.length === 0)) return null;

  return (
    <section className={styles.history} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('history.section')}
      </h2>
      {history.status === 'error' ? (
        <RequestFailureMessage
          failure={requestFailure(history.error)}
          texts={{ load: t('history.failed') }}
          onRetry={history.reload}
          retryVariant="secondary"
        />
      ) : (
        <>
          <ul className={styles.list}>
            {history.data.items.map((message) => (
              <li key={message.id}>
                <MessageItem message={message} read={isRead(message, state)} />
              </li>
            ))}
          </ul>
          {history.data.nextCursor !== null && (
            <Link to={messageHistoryHref(category)} className={styles.showMore}>
              {t('history.showMore')}
            </Link>
          )}
        </>
      )}
    </section>
  );
}
