import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MowerStatusDto } from '../../../../common/fleet.ts';
import { canHibernate, MIN_HIBERNATION_BATTERY_PERCENT } from '../../../../common/hibernation.ts';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { BridgeError, isNoNativeApp } from '../../../lib/bridge/bridge.ts';
import type { Mower } from '../../../lib/bridge/methods.ts';
import { getCurrentMower } from '../../../lib/current-mower.ts';
import { useCurrentMowerLive } from '../../../lib/use-live-mower-status.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { startHibernation } from '../api/start-hibernation.ts';
import styles from './hibernation-panel.module.css';

/** The mower that passed the battery check, with the level it had. */
interface Checked {
  mower: Mower;
  percent: number;
}

type Hibernation =
  | { step: 'idle' }
  | { step: 'checking' }
  | { step: 'noApp' }
  | { step: 'noMower' }
  | { step: 'checkFailed' }
  | { step: 'lowBattery'; percent: number }
  | { step: 'confirming'; checked: Checked }
  | { step: 'starting'; checked: Checked }
  | { step: 'started'; checked: Checked }
  | { step: 'startFailed'; checked: Checked; reason: 'refused' | 'timeout' | 'failed' };

function startFailure(error: unknown): 'refused' | 'timeout' | 'failed' {
  if (!(error instanceof BridgeError)) return 'failed';
  if (error.reason === 'timeout') return 'timeout';
  // The mower said no, for example because its battery dropped since the check.
  return error.isNative('refused') ? 'refused' : 'failed';
}

/**
 * The current mower's battery as the server sees it now, following the mower live (charging on its station, say)
 * without polling, and "hibernating" once it is in winter storage; nothing without a native app or a current
 * mower. Not a live region: a ticking level would keep interrupting a screen reader.
 */
function LiveBattery({ mower, status, hibernating }: { mower: Mower; status: MowerStatusDto; hibernating: boolean }) {
  const { t } = useTranslation('winterGuide');
  const name = mower.name || mower.vehicle_sn;
  if (hibernating || status.winter_mode) {
    return (
      <p data-testid="live-battery" data-hibernating="true">
        {t('hibernate.liveHibernating', { name })}
      </p>
    );
  }
  return (
    <p data-testid="live-battery" data-percent={status.battery_percent}>
      {t(status.charging ? 'hibernate.liveBatteryCharging' : 'hibernate.liveBattery', {
        name,
        percent: status.battery_percent,
      })}
    </p>
  );
}

/**
 * The 'Begin hibernating' action of the winter guide: reads the current mower's real battery level, refuses
 * below the minimum with that level (one source: the server's live status that the line above shows, the app's
 * mower list only when there is no live status), otherwise asks for confirmation and puts the mower into winter storage
 * mode. Every outcome is shown in one live region; a tap while something is under way does nothing.
 */
export function HibernationPanel() {
  const { t } = useTranslation(['winterGuide', 'common']);
  const [state, setState] = useState<Hibernation>({ step: 'idle' });
  const flight = useSingleFlight();
  const min = MIN_HIBERNATION_BATTERY_PERCENT;
  const live = useCurrentMowerLive();
  const liveStatus = live.mower && live.status?.serial_number === live.mower.vehicle_sn ? live.status : undefined;

  const check = () =>
    flight.run(
      async () => {
        setState({ step: 'checking' });
        const mower = await getCurrentMower();
        const percent =
          liveStatus?.serial_number === mower?.vehicle_sn ? liveStatus?.battery_percent : mower?.battery_percent;
        if (!mower) setState({ step: 'noMower' });
        else if (percent === undefined) setState({ step: 'checkFailed' });
        else if (!canHibernate(percent)) setState({ step: 'lowBattery', percent });
        else setState({ step: 'confirming', checked: { mower, percent } });
      },
      (error) => setState({ step: isNoNativeApp(error) ? 'noApp' : 'checkFailed' }),
    );

  const start = (checked: Checked) =>
    flight.run(
      async () => {
        setState({ step: 'starting', checked });
        await startHibernation(checked.mower.vehicle_sn);
        setState({ step: 'started', checked });
      },
      (error) => setState({ step: 'startFailed', checked, reason: startFailure(error) }),
    );

  const name = (checked: Checked) => checked.mower.name || checked.mower.vehicle_sn;

  const message = (() => {
    switch (state.step) {
      case 'idle':
      case 'confirming':
        return null;
      case 'checking':
        return <p>{t('hibernate.checking')}</p>;
      case 'noApp':
        return <ErrorMessage announce={false}>{t('hibernate.noApp')}</ErrorMessage>;
      case 'noMower':
        return <ErrorMessage announce={false}>{t('hibernate.noMower')}</ErrorMessage>;
      case 'checkFailed':
        return <ErrorMessage announce={false}>{t('hibernate.checkFailed')}</ErrorMessage>;
      case 'lowBattery':
        return (
          <ErrorMessage announce={false}>{t('hibernate.lowBattery', { percent: state.percent, min })}</ErrorMessage>
        );
      case 'starting':
        return <p>{t('hibernate.starting')}</p>;
      case 'started':
        return (
          <Card tone="success">
            <p>{t('hibernate.started', { name: name(state.checked) })}</p>
            <p>{t('hibernate.howToWake')}</p>
          </Card>
        );
      case 'startFailed':
        return <ErrorMessage announce={false}>{t(`hibernate.failure.${state.reason}`, { min })}</ErrorMessage>;
    }
  })();

  const pending = state.step === 'checking' || state.step === 'starting' || state.step === 'confirming';
  // Disabled while the battery is checked, it loses the focus: the dialog gives it back when cancelled.
  const beginButton = useRef<HTMLButtonElement>(null);

  return (
    <div className={styles.panel} data-testid="hibernation" data-step={state.step}>
      {live.mower && liveStatus && (
        <LiveBattery mower={live.mower} status={liveStatus} hibernating={state.step === 'started'} />
      )}
      <div role="status" className={styles.message}>
        {message}
      </div>
      {state.step === 'startFailed' || state.step === 'checkFailed' ? (
        <Button onClick={() => void (state.step === 'startFailed' ? start(state.checked) : check())} disabled={pending}>
          {t('common:actions.retry')}
        </Button>
      ) : (
        state.step !== 'started' && (
          <Button ref={beginButton} onClick={() => void check()} disabled={pending}>
            {t('hibernate.begin')}
          </Button>
        )
      )}
      <ConfirmDialog
        open={state.step === 'confirming'}
        title={t('hibernate.confirm.title')}
        confirmLabel={t('hibernate.confirm.confirm')}
        cancelLabel={t('hibernate.confirm.cancel')}
        onConfirm={() => {
          if (state.step === 'confirming') void start(state.checked);
        }}
        onCancel={() => setState({ step: 'idle' })}
        returnFocusTo={beginButton}
      >
        {state.step === 'confirming' && (
          <p>
            {t('hibernate.confirm.body', {
              name: name(state.checked),
              // The level the line above shows now (it follows the mower live), not the one of a moment ago.
              percent:
                liveStatus?.serial_number === state.checked.mower.vehicle_sn
                  ? liveStatus.battery_percent
                  : state.checked.percent,
            })}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
