import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Page } from '../../../components/page.tsx';
import { PlaceholderLines } from '../../../components/placeholder-lines.tsx';
import { type AsyncResult, useAsync } from '../../../lib/use-async.ts';
import { useCurrentMowerLive } from '../../../lib/use-live-mower-status.ts';
import { getBridgeHealth } from '../api/get-bridge-health.ts';
import { getServerHealth } from '../api/get-health.ts';
import { CheckCard, type CheckStatus } from './check-card.tsx';

function statusOf(result: AsyncResult<unknown>): CheckStatus {
  if (result.status === 'pending') return 'checking';
  return result.status === 'error' || result.data === null ? 'failed' : 'ok';
}

/**
 * The app's current mower as the server sees it, live (pushed, not polled): that state reaches the page. Shown only
 * when the app has a current mower.
 */
function LiveMowerCheck() {
  const { t } = useTranslation('health');
  const { mower, status } = useCurrentMowerLive();
  if (!mower) return null;
  return (
    <CheckCard id="mower" label={t('mower.label')} status={status ? 'ok' : 'checking'}>
      {status ? (
        <>
          <p data-testid="live-mower-state" data-state={status.online ? status.state : 'offline'}>
            {t('mower.state', {
              name: mower.name || mower.vehicle_sn,
              state: t(`mower.states.${status.online ? status.state : 'offline'}`),
              percent: status.battery_percent,
            })}
          </p>
          <p>{t('mower.live')}</p>
        </>
      ) : (
        <PlaceholderLines lines={2} />
      )}
    </CheckCard>
  );
}

/** Shows that the page, the native bridge and the server API are alive (route `healthPing`). */
export function HealthPingScreen() {
  const { t } = useTranslation(['health', 'common']);
  const bridge = useAsync(getBridgeHealth);
  const server = useAsync(getServerHealth);

  return (
    <Page title={t('title')}>
      <p>{t('intro')}</p>

      <CheckCard id="page" label={t('page.label')} status="ok">
        <p>{t('page.language', { language: t('common:languageName') })}</p>
      </CheckCard>

      <CheckCard id="bridge" label={t('bridge.label')} status={statusOf(bridge)}>
        {/* While the app is asked: the room of its four lines, so that the cards below stay where they are. */}
        {bridge.status === 'pending' && <PlaceholderLines lines={4} />}
        {bridge.data === null && <p>{t('bridge.unavailable')}</p>}
        {bridge.status === 'error' && <p>{t('bridge.noAnswer')}</p>}
        {bridge.data && (
          <>
            <p>{t(`bridge.transport.${bridge.data.transport}`)}</p>
            <p>{t('roundTrip', { ms: bridge.data.roundTripMs })}</p>
            <p>
              {t('bridge.appVersion', {
                name: bridge.data.appVersion.versionName,
                code: bridge.data.appVersion.versionCode,
              })}
            </p>
            <p>{bridge.data.enhanced ? t('bridge.enhanced') : t('bridge.updateForEnhanced')}</p>
          </>
        )}
      </CheckCard>

      <CheckCard id="server" label={t('server.label')} status={statusOf(server)}>
        {server.status === 'pending' && <PlaceholderLines lines={1} />}
        {server.waitingForNetwork && <p>{t('server.waitingForNetwork')}</p>}
        {server.status === 'error' && !server.waitingForNetwork && <p>{t('server.unreachable')}</p>}
        {server.data && <p>{t('roundTrip', { ms: server.data.roundTripMs })}</p>}
      </CheckCard>

      <Button
        onClick={() => {
          bridge.reload();
          server.reload();
        }}
        disabled={bridge.status === 'pending' || server.status === 'pending'}
      >
        {t('checkAgain')}
      </Button>

      {/* Live, so not checked again; below the button, so that its coming (once the app names the mower) moves nothing. */}
      <LiveMowerCheck />
    </Page>
  );
}
