import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import type { DevicePermissionState } from '../../../lib/bridge/methods.ts';
import { CONNECT_PERMISSIONS, type ConnectPermission, openPermissionSettings } from '../api/get-phone-permissions.ts';
import { useConnectPermissions } from '../api/use-connect-permissions.ts';
import guide from './guide.module.css';
import styles from './phone-permissions.module.css';

const STATE_ICONS: Record<DevicePermissionState, string> = { granted: '✓', denied: '!', unsupported: '–' };

/**
 * The phone's Bluetooth and location permissions, with a way into the system settings for one that is off.
 * The state is read again when the settings call answers and when the user comes back to the page.
 */
export function PhonePermissions() {
  const { t } = useTranslation(['connectSolutions', 'common']);
  const { state, refresh, retry } = useConnectPermissions();
  const [opening, setOpening] = useState<ConnectPermission | undefined>();
  const [openFailed, setOpenFailed] = useState<ConnectPermission | undefined>();
  // A ref, not state: two taps within one frame both see the first one's flag.
  const busy = useRef(false);

  const openSettings = async (permission: ConnectPermission) => {
    if (busy.current) return;
    busy.current = true;
    setOpening(permission);
    setOpenFailed(undefined);
    try {
      await openPermissionSettings(permission);
    } catch {
      setOpenFailed(permission);
    } finally {
      busy.current = false;
      setOpening(undefined);
      refresh();
    }
  };

  return (
    <section className={guide.card} aria-labelledby="phone-permissions-title" data-testid="phone-permissions">
      <h2 id="phone-permissions-title" className={guide.heading}>
        {t('permissions.title')}
      </h2>
      <p className={styles.text}>{t('permissions.intro')}</p>
      <div aria-live="polite">
        {state.status === 'pending' && <p className={`${styles.text} ${guide.muted}`}>{t('permissions.checking')}</p>}
        {state.status === 'error' && (
          <>
            <p className={styles.text} role="alert">
              {t(state.unavailable ? 'permissions.unavailable' : 'permissions.failed')}
            </p>
            {!state.unavailable && (
              <Button variant="secondary" className={styles.action} onClick={retry}>
                {t('common:actions.retry')}
              </Button>
            )}
          </>
        )}
        {state.status === 'success' && (
          <ul className={styles.list} role="list">
            {CONNECT_PERMISSIONS.map((permission) => {
              const value = state.permissions[permission];
              return (
                <li key={permission} className={styles.row} data-permission={permission} data-state={value}>
                  <span className={styles.name}>{t(`permissions.name.${permission}`)}</span>
                  <span className={`${styles.state} ${styles[value]}`}>
                    <span aria-hidden="true">{STATE_ICONS[value]} </span>
                    {t(`permissions.state.${value}`)}
                  </span>
                  {value === 'denied' && (
                    <Button
                      variant="secondary"
                      className={styles.action}
                      disabled={opening !== undefined}
                      onClick={() => void openSettings(permission)}
                    >
                      {t(`permissions.allow.${permission}`)}
                    </Button>
                  )}
                  {openFailed === permission && value === 'denied' && (
                    <p className={styles.failure} role="alert">
                      {t(`permissions.openFailed.${permission}`)}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
