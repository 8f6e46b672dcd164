import { useTranslation } from 'react-i18next';
import type { MessageDto } from '../../../../common/messages.ts';
import { classNames } from '../../../components/class-names.ts';
import { Link } from '../../../components/link.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import { messageDetailHref } from '../message-links.ts';
import { messageText } from '../message-text.ts';
import { formatListTime } from '../message-time.ts';
import styles from './messages.module.css';

/**
 * One message in a list, as a link to its detail: unread marker, title, the start of its text, the mower, and
 * when it came (one rule for every row). A fault shows its code, which is what a user needs to report it; its detail
 * has the exact time.
 */
export function MessageItem({ message, read }: { message: MessageDto; read: boolean }) {
  const { t, i18n } = useTranslation('messages');
  const { title, body } = messageText(message, t, i18n.language);
  const isFault = message.fault_code !== null;
  // The spaces between the parts are for screen readers, which would otherwise run the link's words together;
  // the flex layout does not show them.
  return (
    <Link
      to={messageDetailHref(message.id)}
      className={classNames(styles.item, !read && styles.unread, message.severity === 'critical' && styles.critical)}
      data-message-id={message.id}
      data-read={read}
    >
      <span className={styles.itemHeading}>
        {!read && (
          <>
            <span className={styles.dot} aria-hidden="true" />
            <VisuallyHidden>{t('list.unread')}</VisuallyHidden>{' '}
          </>
        )}
        <span className={styles.itemTitle}>{title}</span>
      </span>{' '}
      <span className={styles.itemBody}>{body}</span>{' '}
      <span className={styles.meta}>
        {message.mower && (
          <>
            <span className={styles.mowerName}>{message.mower.name}</span>{' '}
          </>
        )}
        {message.occurrences > 1 && (
          <>
            <span data-testid="occurrences">{t('list.occurrences', { count: message.occurrences })}</span>{' '}
          </>
        )}
        {isFault && (
          <>
            <span className={styles.faultCode}>{t('list.faultCode', { code: message.fault_code })}</span>{' '}
          </>
        )}
        <time dateTime={message.created_at}>{formatListTime(message.created_at, i18n.language)}</time>
      </span>
    </Link>
  );
}
