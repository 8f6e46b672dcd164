import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MessageDto } from '../../../../common/messages.ts';
import { pageRoutes } from '../../../../common/page-routes.ts';
import { Card } from '../../../components/card.tsx';
import { CloseButton } from '../../../components/close-button.tsx';
import { Link } from '../../../components/link.tsx';
import { Page } from '../../../components/page.tsx';
import { RequestFailureScreen } from '../../../components/request-failure-message.tsx';
import { ResultScreen } from '../../../components/result-screen.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { getCurrentMower } from '../../../lib/current-mower.ts';
import { reportUnexpected } from '../../../lib/error-reporting/error-reporting.ts';
import { requestFailure } from '../../../lib/request-failure.ts';
import { useAsync } from '../../../lib/use-async.ts';
import { getMessage, personalMessage } from '../api/get-message.ts';
import { readMessage } from '../message-store.ts';
import { formatFullTime, messageAdvice } from '../message-detail-text.ts';
import { messageText } from '../message-text.ts';
import styles from './messages.module.css';
import { SwitchMowerPrompt } from './switch-mower-prompt.tsx';

/** A 400 (not an id) or 404 (not the reader's): the same for the reader, there is no such message. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** Route `message-detail?id=`: one message in full. Opening it marks it read. */
export function MessageDetailScreen() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  return id ? <MessageDetail key={id} id={id} /> : <MessageNotFound />;
}

function MessageDetail({ id }: { id: string }) {
  const { t } = useTranslation(['messages', 'common']);
  const message = useAsync((signal) => getMessage(id, signal), personalMessage(id));
  const data = message.status === 'success' ? message.data : undefined;

  useEffect(() => {
    if (data) readMessage(data).catch(reportUnexpected);
  }, [data]);

  if (message.status === 'error') {
    if (isMissing(message.error)) return <MessageNotFound />;
    return (
      <RequestFailureScreen
        title={t('detail.title')}
        failure={requestFailure(message.error)}
        texts={{ load: t('detail.loadFailed') }}
        onRetry={message.reload}
      />
    );
  }
  return (
    <Page title={t('detail.title')}>
      {message.status === 'pending' ? (
        <p role="status" className={styles.muted}>
          {t('detail.loading')}
        </p>
      ) : (
        <>
          <MessageArticle message={message.data} />
          {message.data.mower && <MowerCheck mower={message.data.mower} />}
        </>
      )}
    </Page>
  );
}

/** An unknown id, or another reader's message: the way on is the centre, or back to the app. */
function MessageNotFound() {
  const { t } = useTranslation('messages');
  return (
    <ResultScreen
      status="failure"
      title={t('detail.notFound')}
      actions={
        <>
          <Link to={pageRoutes.messageCenter.path} variant="primary">
            {t('title')}
          </Link>
          <CloseButton variant="secondary" />
        </>
      }
    />
  );
}

function MessageArticle({ message }: { message: MessageDto }) {
  const { t, i18n } = useTranslation('messages');
  const titleId = useId();
  const { title, body } = messageText(message, t, i18n.language);
  const { advice, help, inApp } = messageAdvice(message, t);
  return (
    <Card as="article" aria-labelledby={titleId} data-testid="message" data-message-id={message.id}>
      <h2 id={titleId} className={styles.detailTitle}>
        {title}
      </h2>
      <p className={styles.detailBody}>{body}</p>
      {advice && <p className={styles.detailBody}>{advice}</p>}
      {help && (
        <p className={styles.detailBody}>
          <Link to={help.path} data-testid="message-help">
            {t(`help.${help.guide}`)}
          </Link>
        </p>
      )}
      {inApp && (
        <div className={styles.detailAction}>
          <CloseButton label={t('detail.backToApp')} />
        </div>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>{t('detail.category')}</dt>
          <dd>{t(`tabs.${message.category}`)}</dd>
        </div>
        <div>
          <dt>{t('detail.received')}</dt>
          <dd>
            <time dateTime={message.created_at}>{formatFullTime(message.created_at, i18n.language)}</time>
          </dd>
        </div>
        {message.occurrences > 1 && message.last_occurred_at && (
          <>
            <div>
              <dt>{t('detail.occurrences')}</dt>
              <dd>{t('list.occurrences', { count: message.occurrences })}</dd>
            </div>
            <div>
              <dt>{t('detail.lastOccurred')}</dt>
              <dd>
                <time dateTime={message.last_occurred_at}>
                  {formatFullTime(message.last_occurred_at, i18n.language)}
                </time>
              </dd>
            </div>
          </>
        )}
        {message.mower && (
          <div>
            <dt>{t('detail.mower')}</dt>
            <dd className={styles.mowerName}>{message.mower.name}</dd>
          </div>
        )}
        {message.fault_code !== null && (
          <div>
            <dt>{t('detail.faultCode')}</dt>
            <dd className={styles.faultCode}>{message.fault_code}</dd>
          </div>
        )}
      </dl>
    </Card>
  );
}

/**
 * Asks the app for its current mower and prompts a switch when the message is about another one. When the app
 * cannot tell, nothing is prompted: the message itself is still there to read.
 */
function MowerCheck({ mower }: { mower: { serial_number: string; name: string } }) {
  const current = useAsync(getCurrentMower);
  if (current.status !== 'success' || current.data?.vehicle_sn === mower.serial_number) return null;
  return <SwitchMowerPrompt mower={mower} />;
}
