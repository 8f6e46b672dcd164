import { useTranslation } from 'react-i18next';
import { pageRoutes } from '../../../../common/page-routes.ts';
import { Button } from '../../../components/button.tsx';
import { Link } from '../../../components/link.tsx';
import { Page } from '../../../components/page.tsx';
import { ResultScreen } from '../../../components/result-screen.tsx';
import { useAsync } from '../../../lib/use-async.ts';
import { useConfirmedAction } from '../../../lib/use-confirmed-action.ts';
import { getVoiceLink } from '../../../lib/voice-links.ts';
import { unlinkGoogle } from '../api/unlink-google.ts';
import styles from './google-home.module.css';
import { LoadError } from './load-error.tsx';
import { usePageNavigate } from '../../../lib/page-language.ts';

/**
 * Route `smartHome/googleHome/startUnbindLink`: unlinking Google (seed section 4). The page is the confirmation (the
 * link state's Unlink leads here, so a dialog after it would ask a third time): it says what unlinking does (from
 * the first view, while it asks the server whether there is a link), Unlink acts at once, Cancel goes back to the
 * link state. The server revokes our tokens for the Google client; a repeat is harmless.
 */
export function StartUnlinkScreen() {
  const { t } = useTranslation(['googleHome', 'common']);
  const navigate = usePageNavigate();
  const link = useAsync((signal) => getVoiceLink('google', signal));
  const linked = link.status === 'success' && link.data.linked;
  // One message for every failure: the screen tells none apart.
  const unlinking = useConfirmedAction(unlinkGoogle, () => 'failed' as const);
  const { outcome } = unlinking;

  if (outcome?.status === 'success') {
    return (
      <ResultScreen
        status="success"
        title={t('unlink.doneTitle')}
        message={t('unlink.doneText')}
        actions={
          <Button onClick={() => navigate(pageRoutes.googleLinkDetail.path, { replace: true })}>
            {t('unlink.done')}
          </Button>
        }
      />
    );
  }
  if (outcome?.status === 'failure') {
    return (
      <ResultScreen
        key={outcome.attempt}
        status="failure"
        title={t('unlink.failedTitle')}
        message={t('unlink.failed')}
        actions={
          <>
            <Button onClick={() => unlinking.act()} disabled={unlinking.pending}>
              {t('common:actions.retry')}
            </Button>
            <Button variant="secondary" onClick={unlinking.reset} disabled={unlinking.pending}>
              {t('unlink.cancel')}
            </Button>
          </>
        }
      />
    );
  }
  return (
    <Page title={t('unlink.title')}>
      {(link.status === 'pending' || linked) && (
        <>
          <p>{t('unlink.confirmText')}</p>
          <p>{t('unlink.text')}</p>
        </>
      )}
      {link.status === 'pending' && <p role="status">{t('common:list.loading')}</p>}
      {link.status === 'error' && <LoadError error={link.error} onRetry={link.reload} />}
      {link.status === 'success' && !linked && (
        <>
          <p>{t('unlink.notLinked')}</p>
          {/* Nothing to unlink: the next step is linking, named as such (issue 27), not the platform's bare name. */}
          <Link to={pageRoutes.googleHowToConnect.path} variant="primary">
            {t('howTo.title')}
          </Link>
        </>
      )}
      {linked && (
        <div className={styles.actions}>
          <Button
            variant="danger"
            onClick={() => unlinking.act()}
            disabled={unlinking.pending}
            aria-busy={unlinking.pending}
          >
            {unlinking.pending ? t('unlink.unlinking') : t('unlink.action')}
          </Button>
          <Link variant="secondary" to={pageRoutes.googleLinkDetail.path} replace>
            {t('unlink.cancel')}
          </Link>
        </div>
      )}
    </Page>
  );
}
