import { useTranslation } from 'react-i18next';
import { VOICE_PLATFORMS, type VoiceLink, type VoicePlatform } from '../../../../common/voice-links.ts';
import { Link } from '../../../components/link.tsx';
import { Page } from '../../../components/page.tsx';
import { RequestFailureMessage } from '../../../components/request-failure-message.tsx';
import { ToastProvider } from '../../../components/toast.tsx';
import { requestFailure } from '../../../lib/request-failure.ts';
import { useAsync } from '../../../lib/use-async.ts';
import { getConnectedServices } from '../api/connected-services.ts';
import { getVoiceLinks } from '../../../lib/voice-links.ts';
import { PLATFORM_PAGES } from '../platform-pages.ts';
import { ConnectedServices } from './connected-services.tsx';
import { PlatformIcon } from './platform-icon.tsx';
import styles from './smart-home.module.css';

/** Product names: Amazon's and Hornbach's are the same in every language, Google names its assistant in each. */
const PLATFORM_NAMES: Readonly<Record<VoicePlatform, string | null>> = {
  alexa: 'Amazon Alexa',
  google: null,
  hornbach: 'Hornbach',
};

/** The platforms, always all three, so that their pages open even when the link states did not load. */
function PlatformList({ links }: { links: readonly VoiceLink[] }) {
  const { t } = useTranslation('smartHome');
  return (
    <ul className={styles.platforms} aria-label={t('platformsLabel')}>
      {VOICE_PLATFORMS.map((platform) => {
        const active = links.some((link) => link.platform === platform && link.linked);
        return (
          <li key={platform}>
            <Link to={PLATFORM_PAGES[platform]} className={styles.platform} data-platform={platform}>
              <PlatformIcon platform={platform} />
              <span className={styles.text}>
                {/* The pill beside the name, below it when a large text leaves no room: never over the name. */}
                <span className={styles.nameRow}>
                  <span className={styles.name}>{PLATFORM_NAMES[platform] ?? t('googleAssistant')}</span>
                  {active && <span className={styles.active}>{t('active')}</span>}
                </span>
                <span className={styles.description}>{t(`platforms.${platform}`)}</span>
              </span>
              <svg className={styles.chevron} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M6 3l5 5-5 5" />
              </svg>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Route `smartHome`: the voice assistants and smart-home apps the account can be linked with, each marked
 * active when the server says it is linked (GET /api/voice-links), each opening its own pages; then the other
 * services linked to the account (GET /api/voice-links/services), each with Unlink.
 */
export function SmartHomeScreen() {
  return (
    <ToastProvider>
      <SmartHome />
    </ToastProvider>
  );
}

function SmartHome() {
  const { t } = useTranslation(['smartHome', 'common']);
  // One load for both, so that a failure is said once and one Retry brings both back.
  const links = useAsync((signal) => Promise.all([getVoiceLinks(signal), getConnectedServices(signal)]));

  return (
    <Page title={t('title')}>
      <p>{t('intro')}</p>
      {links.status === 'pending' && <p role="status">{t('common:list.loading')}</p>}
      {links.status === 'error' && <LoadError error={links.error} onRetry={links.reload} />}
      <PlatformList links={links.data?.[0] ?? []} />
      {links.status === 'success' && <ConnectedServices services={links.data[1]} />}
    </Page>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['smartHome', 'common']);
  return (
    <RequestFailureMessage
      failure={requestFailure(error)}
      texts={{ load: t('failure.load'), offline: t('common:offline.message') }}
      onRetry={onRetry}
    />
  );
}
