import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/offline/use-online.ts';
import styles from './offline-notice.module.css';

/** The seed's global "No Internet connection" notice, shown while the device is offline. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className={styles.notice} role="status" aria-live="polite">
      {t('offline.message')}
    </div>
  );
}
