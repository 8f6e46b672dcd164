import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import type { DevicePermissionState } from '../../../lib/bridge/methods.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { CONNECT_PERMISSIONS, type ConnectPermission, openPermissionSettings } from '../api/get-phone-permissions.ts';
import { useConnectPermissions } from '../api/use-connect-permissions.ts';
import styles from './phone-permissions.module.css';

const STATE_ICONS: Record<DevicePermissionState, string> = { granted: '✓', denied: '!', unsupported: '–' };

/**
 * The phone's Bluetooth and location permissions, with a way into the system settings for one that is off.
 * The state is read again when the settings call answers and when the user comes back to the page.
 */
export function PhonePermissions() {
  const { t } = useTranslation(['connectSolutions', 'common']);
  const { state, refresh, retry } = useConnectPermissions();
  const opening = useSingleFlight();
  const [openFailed, setOpenFailed] = useState<ConnectPermission | undefined>();

  const openSettings = (permission: ConnectPermission) =>
    opening.run(
      async () => {
        setOpenFailed(undefined);
        try {
          await openPermissionSettings(permission);
        } finally {
          refresh();
        }
      },
      () => setOpenFailed(permission),
    );

  return (
    <Card title={t('permissions.title')} data-testid="phone-permissions">
      <p>{t('permissions.intro')}</p>
      <div className={styles.status} aria-live="polite">
        {state.status === 'pending' && <p className={styles.muted}>{t('permissions.checking')}</p>}
        {state.status === 'error' && (
          <>
            <ErrorMessage>{t(state.unavailable ? 'permissions.unavailable' : 'permissions.failed')}</ErrorMessage>
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
                      disabled={opening.pending}
                      onClick={() => void openSettings(permission)}
                    >
                      {t(`permissions.allow.${permission}`)}
                    </Button>
                  )}
                  {openFailed === permission && value === 'denied' && (
                    <ErrorMessage className={styles.failure}>{t(`permissions.openFailed.${permission}`)}</ErrorMessage>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
