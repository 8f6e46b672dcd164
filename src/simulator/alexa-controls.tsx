import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AmazonFaultMode } from './amazon-consent.ts';
import type { NativeSimulator } from './native-simulator.ts';
import styles from './simulator-panel.module.css';

const FAULTS: readonly AmazonFaultMode[] = ['none', 'fail', 'hang'];

/**
 * The phone's side of Alexa linking: whether the Alexa app is installed (what `appIsInstall` answers and whether
 * its consent page opens), what the user does on Amazon's consent page, and the fake of Amazon's fault switch.
 * The simulator's state is read live by the parent panel; the fault switch lives on the server.
 */
export function AlexaControls({ simulator }: { simulator: NativeSimulator }) {
  const { t } = useTranslation('simulator');
  const { state } = simulator;
  const [fault, setFault] = useState<AmazonFaultMode>();
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    simulator.amazonFault().then(setFault, () => setUnavailable(true));
  }, [simulator]);

  const changeFault = (mode: AmazonFaultMode) => {
    setFault(mode);
    simulator.setAmazonFault(mode).then(setFault, () => setUnavailable(true));
  };

  return (
    <fieldset className={styles.form} data-testid="simulator-alexa">
      <legend>{t('alexa.title')}</legend>
      <p className={styles.muted}>{t('alexa.description')}</p>
      <label>
        <input
          type="checkbox"
          checked={state.installedApps.amazon_alexa}
          onChange={(event) =>
            simulator.update({ installedApps: { ...state.installedApps, amazon_alexa: event.target.checked } })
          }
        />
        {t('alexa.appInstalled')}
      </label>
      <label>
        {t('alexa.consent')}
        <select
          value={state.amazonConsent}
          onChange={(event) => simulator.update({ amazonConsent: event.target.value === 'deny' ? 'deny' : 'allow' })}
        >
          <option value="allow">{t('alexa.consentAllow')}</option>
          <option value="deny">{t('alexa.consentDeny')}</option>
        </select>
      </label>
      <label>
        {t('alexa.fault')}
        <select
          value={fault ?? 'none'}
          disabled={fault === undefined}
          onChange={(event) => changeFault(FAULTS.find((mode) => mode === event.target.value) ?? 'none')}
        >
          {FAULTS.map((mode) => (
            <option key={mode} value={mode}>
              {t(`alexa.faults.${mode}`)}
            </option>
          ))}
        </select>
      </label>
      {unavailable && <p role="alert">{t('alexa.unavailable')}</p>}
    </fieldset>
  );
}
