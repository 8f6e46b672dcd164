import { useTranslation } from 'react-i18next';
import type { VoiceLink } from '../../../../common/voice-links.ts';
import { Button } from '../../../components/button.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { Link } from '../../../components/link.tsx';
import { Illustration } from '../../../components/illustration.tsx';
import { Page } from '../../../components/page.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { renderTimeZone } from '../../../lib/personal-view-data.ts';
import { requestFailure } from '../../../lib/request-failure.ts';
import { type AsyncResult, useAsync } from '../../../lib/use-async.ts';
import { alexaHref } from '../alexa-links.ts';
import { getVoiceLink, personalVoiceLink } from '../../../lib/voice-links.ts';
import styles from './alexa.module.css';
import { Explanation } from './explanation.tsx';

/** Linked or not linked, from the server; with the way to link or unlink that fits. */
function LinkState({ link }: { link: AsyncResult<VoiceLink> }) {
  const { t, i18n } = useTranslation(['alexa', 'common']);
  let state;
  let action = null;
  if (link.status === 'pending') {
    state = <p>{t('status.loading')}</p>;
  } else if (link.status === 'error') {
    const failure = requestFailure(link.error);
    state = (
      <ErrorMessage announce={false}>{t(failure === 'load' ? 'status.failed' : `status.${failure}`)}</ErrorMessage>
    );
    // Signed out or not in the app: a Retry could never work.
    if (failure === 'offline' || failure === 'load') {
      action = (
        <Button variant="secondary" onClick={link.reload}>
          {t('common:actions.retry')}
        </Button>
      );
    }
  } else if (link.data.linked) {
    const since = link.data.linked_since ? new Date(link.data.linked_since) : undefined;
    state = (
      <p>
        <StatusPill on>
          {since && !Number.isNaN(since.getTime())
            ? t('status.boundSince', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: renderTimeZone() }).format(
                  since,
                ),
              })
            : t('status.bound')}
        </StatusPill>
      </p>
    );
    action = (
      <Link variant="secondary" to={alexaHref.unlink()}>
        {t('actions.unbind')}
      </Link>
    );
  } else {
    state = (
      <p>
        <StatusPill on={false}>{t('status.notBound')}</StatusPill>
      </p>
    );
    action = (
      <Link variant="primary" to={alexaHref.startLink()}>
        {t('actions.link')}
      </Link>
    );
  }
  return (
    <section className={styles.status} aria-label={t('status.label')}>
      {/* One live region for the state, so that the answer (or its failure) is read out when it arrives. */}
      <div
        role="status"
        className={styles.status}
        data-testid="alexa-link-state"
        data-state={link.status === 'success' ? (link.data.linked ? 'linked' : 'notLinked') : link.status}
      >
        {state}
      </div>
      {action}
    </section>
  );
}

/**
 * Route `smartHome/alexa/info`, in the app: what the Navimow skill does, what linking grants, how to link and
 * unlink, and where the account stands, with the way to link, unlink and the voice guide.
 */
export function AlexaInfoScreen() {
  const { t } = useTranslation('alexa');
  const link = useAsync((signal) => getVoiceLink('alexa', signal), personalVoiceLink('alexa'));
  return (
    <Page title={t('title')}>
      <p>{t('intro')}</p>
      <Illustration scene="voice" />
      <LinkState link={link} />
      <Explanation variant="app" />
      <ul className={styles.links}>
        <li>
          <Link variant="secondary" to={alexaHref.voiceGuide()}>
            {t('actions.voiceGuide')}
          </Link>
        </li>
        <li>
          <Link variant="secondary" to={alexaHref.troubleshooting()}>
            {t('actions.troubleshooting')}
          </Link>
        </li>
      </ul>
    </Page>
  );
}
