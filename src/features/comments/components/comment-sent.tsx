import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { call, detectTransport } from '../../../lib/bridge/bridge.ts';
import styles from './comment-form.module.css';

/** The thank-you after a stored comment; focus moves to it so that screen readers announce the outcome. */
export function CommentSent() {
  const { t } = useTranslation(['comments', 'common']);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [closeFailed, setCloseFailed] = useState(false);

  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className={styles.sent} aria-labelledby="comment-sent-title" data-testid="comment-sent">
      <h2 id="comment-sent-title" ref={headingRef} tabIndex={-1} className={styles.sentTitle}>
        {t('success.title')}
      </h2>
      <p>{t('success.text')}</p>
      {closeFailed && (
        <p className={styles.error} role="alert">
          {t('success.closeFailed')}
        </p>
      )}
      {detectTransport() && (
        <Button variant="secondary" onClick={() => call('closeWebView').catch(() => setCloseFailed(true))}>
          {t('common:actions.close')}
        </Button>
      )}
    </section>
  );
}
