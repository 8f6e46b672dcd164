import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MowerStatusDto, SimulatorReport } from '../../common/fleet.ts';
import { FAULT_REASONS, type FaultReason } from '../../common/messages.ts';
import type { NativeSimulator } from './native-simulator.ts';
import styles from './simulator-panel.module.css';

type Control = { step: 'idle' } | { step: 'sending' } | { step: 'done'; status: MowerStatusDto } | { step: 'failed' };

/**
 * The current mower's own side: a fault (stuck, lifted, rain delay, …), its clearing, and losing and regaining the
 * connection, reported to the server's fleet as a real mower would (`POST /api/simulator/mowers/:serial/report`).
 * The pages, the message centre and linked services then see it; every report is in the log.
 */
export function MowerControls({ simulator }: { simulator: NativeSimulator }) {
  const { t } = useTranslation('simulator');
  const [reason, setReason] = useState<FaultReason>('stuck');
  const [control, setControl] = useState<Control>({ step: 'idle' });
  const serial = simulator.state.mower;

  const send = (report: SimulatorReport) => {
    setControl({ step: 'sending' });
    simulator.reportMower(report).then(
      (status) => setControl({ step: 'done', status }),
      () => setControl({ step: 'failed' }),
    );
  };
  const disabled = !serial || control.step === 'sending';

  const isReason = (reason: string | null): reason is FaultReason =>
    (FAULT_REASONS as readonly string[]).includes(reason ?? '');
  const describe = (status: MowerStatusDto) => (
    <>
      <p>
        {t('mowerControls.now', {
          state: t(`mowerControls.states.${status.online ? status.state : 'offline'}`),
          battery: status.battery_percent,
        })}
      </p>
      {status.online && status.state === 'error' && isReason(status.error_reason) && (
        <p>{t(`mowerControls.reasons.${status.error_reason}`)}</p>
      )}
    </>
  );

  return (
    <fieldset className={styles.form} data-testid="simulator-mower">
      <legend>{t('mowerControls.title')}</legend>
      <p className={styles.muted}>{t('mowerControls.description')}</p>
      <label>
        {t('mowerControls.reason')}
        <select
          value={reason}
          onChange={(event) =>
            setReason(FAULT_REASONS.find((candidate) => candidate === event.target.value) ?? 'stuck')
          }
        >
          {FAULT_REASONS.map((candidate) => (
            <option key={candidate} value={candidate}>
              {t(`mowerControls.reasons.${candidate}`)}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.actions}>
        <button type="button" disabled={disabled} onClick={() => send({ kind: 'fault', reason })}>
          {t('mowerControls.fault')}
        </button>
        <button type="button" disabled={disabled} onClick={() => send({ kind: 'clear' })}>
          {t('mowerControls.clear')}
        </button>
        <button type="button" disabled={disabled} onClick={() => send({ kind: 'offline' })}>
          {t('mowerControls.offline')}
        </button>
        <button type="button" disabled={disabled} onClick={() => send({ kind: 'online' })}>
          {t('mowerControls.online')}
        </button>
      </div>
      <div role="status">
        {control.step === 'done' && describe(control.status)}
        {control.step === 'failed' && <p>{t('mowerControls.failed')}</p>}
      </div>
    </fieldset>
  );
}
