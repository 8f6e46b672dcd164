import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { CloseButton } from '../../../components/close-button.tsx';
import { Link } from '../../../components/link.tsx';
import { Page } from '../../../components/page.tsx';
import { ResultScreen } from '../../../components/result-screen.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { useAsync } from '../../../lib/use-async.ts';
import { useConfirmedAction } from '../../../lib/use-confirmed-action.ts';
import { alexaHref } from '../alexa-links.ts';
import { getVoiceLink } from '../../../lib/voice-links.ts';
import { unlinkAlexa } from '../api/unlink-alexa.ts';
import { requestFailure } from '../../../lib/request-failure.ts';
import styles from './alexa.module.css';

/**
 * Route `smartHome/alexa/unbindAlexa`: the page is the confirmation (the info page's Unbind leads here, so a dialog
 * after it would ask a third time): it says what unlinking does, and its Unbind has the server disable the skill at
 * Amazon and revoke our tokens for Alexa; Cancel goes back to the info page. The seed's messages say how it went; a failure leaves the link as it was and offers to
 * try again (unlinking twice is harmless: the server answers success for what is not linked). An account that is
 * not linked (the troubleshooting guide leads here whatever the state) is told so, with the way to link instead of
 * a success for nothing; until its state is known, or when it cannot be (said above it), Unbind is offered.
 */
export function UnlinkScreen() {
  const { t } = useTranslation(['alexa', 'common']);
  const unlinking = useConfirmedAction(unlinkAlexa, requestFailure);
  const link = useAsync((signal) => getVoiceLink('alexa', signal));
  const { outcome } = unlinking;

  if (outcome?.status === 'success') {
    return (
      <ResultScreen
        status="success"
        title={t('unbind.success.title')}
        message={t('unbind.success.text')}
        actions={<CloseButton label={t('actions.done')} />}
      />
    );
  }
  if (outcome?.status === 'failure') {
    const { failure: reason, attempt } = outcome;
    return (
      <ResultScreen
        key={attempt}
        status="failure"
        title={t('unbind.failure.title')}
        message={reason === 'load' ? t('unbind.failure.text') : t(`status.${reason}`)}
        actions={
          <>
            {reason !== 'notInApp' && (
              <Button disabled={unlinking.pending} onClick={() => unlinking.act()}>
                {unlinking.pending ? t('unbind.unbinding') : t('common:actions.retry')}
              </Button>
            )}
            <CloseButton label={t('actions.close')} variant="secondary" />
          </>
        }
      />
    );
  }
  if (link.status === 'success' && !link.data.linked) {
    return (
      <Page title={t('unbind.title')}>
        <p role="status" data-testid="alexa-link-state" data-state="notLinked">
          <StatusPill on={false}>{t('status.notBound')}</StatusPill>
        </p>
        <div className={styles.actions}>
          <Link variant="primary" to={alexaHref.startLink()}>
            {t('actions.link')}
          </Link>
        </div>
      </Page>
    );
  }
  const lookup = link.status === 'error' ? requestFailure(link.error) : undefined;
  return (
    <Page title={t('unbind.title')}>
      {lookup && (
        <p role="status" className={styles.status} data-testid="alexa-link-state" data-state="error">
          {t(lookup === 'load' ? 'status.failed' : `status.${lookup}`)}
        </p>
      )}
      <p>{t('unbind.text')}</p>
      <p>{t('unbind.confirm.text')}</p>
      <div className={styles.actions}>
        {unlinking.pending && (
          <p role="status" className={styles.status}>
            {t('unbind.unbinding')}
          </p>
        )}
        <Button variant="danger" disabled={unlinking.pending} onClick={() => unlinking.act()}>
          {t('actions.unbind')}
        </Button>
        <Link variant="secondary" to={alexaHref.info()} replace>
          {t('unbind.confirm.cancel')}
        </Link>
      </div>
    </Page>
  );
}
