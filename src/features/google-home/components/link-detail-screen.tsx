import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageRoutes } from '../../../../common/page-routes.ts';
import type { VoiceLink } from '../../../../common/voice-links.ts';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { Link } from '../../../components/link.tsx';
import { Page } from '../../../components/page.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { call } from '../../../lib/bridge/bridge.ts';
import { renderTimeZone } from '../../../lib/personal-view-data.ts';
import { useAsync } from '../../../lib/use-async.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { getVoiceLink, personalVoiceLink } from '../../../lib/voice-links.ts';
import { googleHomeLinkingUri } from '../google-home-links.ts';
import styles from './google-home.module.css';
import { LoadError } from './load-error.tsx';

function LinkedSince({ since }: { since: string | null }) {
  const { t, i18n } = useTranslation('googleHome');
  if (!since || Number.isNaN(Date.parse(since))) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: renderTimeZone() }).format(
    new Date(since),
  );
  return <p>{t('detail.linkedSince', { date })}</p>;
}

/** Not linked: the link is made in the Google Home app, which our deep link opens at Navimow's account linking. */
function Connect() {
  const { t } = useTranslation('googleHome');
  const opening = useSingleFlight();
  const [openFailed, setOpenFailed] = useState(false);
  const open = () =>
    void opening.run(
      async () => {
        setOpenFailed(false);
        await call('openGoogleHomeURI', { uri: googleHomeLinkingUri() });
      },
      () => setOpenFailed(true),
    );
  return (
    <div className={styles.actions}>
      <p>{t('detail.notLinkedText')}</p>
      <Button onClick={open} disabled={opening.pending}>
        {t('detail.openGoogleHome')}
      </Button>
      {openFailed && <ErrorMessage>{t('detail.openFailed')}</ErrorMessage>}
      <Link to={pageRoutes.googleHowToConnect.path} variant="secondary">
        {t('detail.howToConnect')}
      </Link>
    </div>
  );
}

function LinkState({ link }: { link: VoiceLink }) {
  const { t } = useTranslation('googleHome');
  return (
    <>
      <p>
        <StatusPill on={link.linked} data-testid="google-link-state">
          {link.linked ? t('detail.linked') : t('detail.notLinked')}
        </StatusPill>
      </p>
      {link.linked ? (
        <div className={styles.actions}>
          <LinkedSince since={link.linked_since} />
          <p>{t('detail.linkedText')}</p>
          <Link to={pageRoutes.googleStartUnlink.path} variant="secondary">
            {t('detail.unlink')}
          </Link>
        </div>
      ) : (
        <Connect />
      )}
    </>
  );
}

/**
 * Route `smartHome/googleHome/bindDetail`: whether the account is linked with Google, from the server, and what to
 * do. What the link gives is said first, from the first view; the state follows below it.
 */
export function LinkDetailScreen() {
  const { t } = useTranslation(['googleHome', 'common']);
  const link = useAsync((signal) => getVoiceLink('google', signal), personalVoiceLink('google'));
  return (
    <Page title={t('title')}>
      <p>{t('detail.lead')}</p>
      {link.status === 'pending' && <p role="status">{t('common:list.loading')}</p>}
      {link.status === 'error' && <LoadError error={link.error} onRetry={link.reload} />}
      {link.status === 'success' && <LinkState link={link.data} />}
      <Card title={t('detail.moreTitle')}>
        <ul className={styles.links}>
          <li>
            <Link to={pageRoutes.googleIntegrationInfo.path}>{t('detail.integrationInfo')}</Link>
          </li>
          <li>
            <Link to={pageRoutes.googleVoiceInfo.path}>{t('detail.voiceInfo')}</Link>
          </li>
        </ul>
      </Card>
    </Page>
  );
}
