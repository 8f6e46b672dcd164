import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/offline/use-online.ts';
import styles from './offline-notice.module.css';

/**
 * The seed's global "No Internet connection" notice, shown while the device is offline. The live region is on the
 * page all the time, empty and without a box while online, and the text goes into it when the connection drops:
 * screen readers announce a change inside a region they know, often not a region that arrives with its text.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div className={online ? undefined : styles.notice} role="status" aria-live="polite">
      {online ? null : t('offline.message')}
    </div>
  );
}
