import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../common/languages.ts';
import type { DevicePermission, Mower } from '../lib/bridge/methods.ts';
import { AlexaControls } from './alexa-controls.tsx';
import type { DemoInvitation } from './demo-invitation.ts';
import { GoogleAppFlipControl } from './google-app-flip-control.tsx';
import { MowerControls } from './mower-controls.tsx';
import type { NativeSimulator } from './native-simulator.ts';
import { DEMO_ACCOUNTS } from './simulator-state.ts';
import styles from './simulator-panel.module.css';

const PERMISSIONS: readonly DevicePermission[] = ['bluetooth', 'location', 'notification'];

type InvitationControl =
  { step: 'idle' } | { step: 'creating' } | { step: 'created'; invitation: DemoInvitation } | { step: 'failed' };

/** A fresh pending invitation for the signed-in account in one click, to try accepting and rejecting again. */
function NewInvitation({ simulator, language }: { simulator: NativeSimulator; language: Language }) {
  const { t } = useTranslation('simulator');
  const [control, setControl] = useState<InvitationControl>({ step: 'idle' });
  const create = () => {
    setControl({ step: 'creating' });
    simulator.createInvitation(language).then(
      (invitation) => setControl({ step: 'created', invitation }),
      () => setControl({ step: 'failed' }),
    );
  };
  return (
    <section className={styles.form} aria-labelledby="native-simulator-invitation" data-testid="simulator-invitation">
      <h3 id="native-simulator-invitation" className={styles.subtitle}>
        {t('invitation.title')}
      </h3>
      <p className={styles.muted}>{t('invitation.description')}</p>
      <button type="button" onClick={create} disabled={control.step === 'creating'}>
        {control.step === 'creating' ? t('invitation.creating') : t('invitation.create')}
      </button>
      <div role="status">
        {control.step === 'created' && (
          <p>
            {t('invitation.created', { name: control.invitation.inviterName, mower: control.invitation.mowerName })}{' '}
            <a href={control.invitation.href}>{t('invitation.open')}</a>
          </p>
        )}
        {control.step === 'failed' && <p>{t('invitation.failed')}</p>}
      </div>
    </section>
  );
}

/** The simulated app's controls and its live log of bridge calls. */
export function SimulatorPanel({ simulator, language }: { simulator: NativeSimulator; language: Language }) {
  const { t } = useTranslation('simulator');
  useSyncExternalStore(simulator.subscribe, simulator.snapshot);
  const { state } = simulator;
  const [mowers, setMowers] = useState<Mower[]>([]);
  const [signInFailed, setSignInFailed] = useState(false);

  useEffect(() => {
    simulator.knownMowers().then(setMowers, () => setSignInFailed(true));
  }, [simulator]);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const url = new URL(window.location.href);
    for (const name of ['sim_account', 'sim_mower', 'sim_app_version', 'sim_platform']) {
      const value = String(form.get(name) ?? '').trim();
      if (value) url.searchParams.set(name, value);
      else url.searchParams.delete(name);
    }
    window.location.assign(url);
  };

  const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

  return (
    <aside className={styles.panel} aria-labelledby="native-simulator-title">
      <h2 id="native-simulator-title" className={styles.title}>
        {t('title')}
      </h2>
      <p className={styles.muted}>{t('description')}</p>

      <form className={styles.form} onSubmit={apply}>
        <label>
          {t('account')}
          <select name="sim_account" defaultValue={state.account}>
            {[...new Set([state.account, ...Object.keys(DEMO_ACCOUNTS)])].map((account) => (
              <option key={account} value={account}>
                {account}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('mower')}
          <select name="sim_mower" defaultValue={state.mower ?? ''} key={`${state.mower}-${mowers.length}`}>
            {mowers.length === 0 && <option value="">{t('noMowers')}</option>}
            {mowers.map((mower) => (
              <option key={mower.vehicle_sn} value={mower.vehicle_sn}>
                {t('mowerOption', { name: mower.name, serial: mower.vehicle_sn, battery: mower.battery_percent ?? 0 })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('appVersion')}
          <input name="sim_app_version" type="number" min={1} step={1} defaultValue={state.appVersionCode} />
        </label>
        <label>
          {t('platform')}
          <select name="sim_platform" defaultValue={state.platform}>
            <option value="android">{t('platformAndroid')}</option>
            <option value="ios">{t('platformIos')}</option>
          </select>
        </label>
        <button type="submit">{t('apply')}</button>
      </form>
      {signInFailed && <p role="alert">{t('signInFailed')}</p>}

      <fieldset className={styles.form}>
        <legend>{t('permissions.title')}</legend>
        {PERMISSIONS.map((permission) => (
          <label key={permission}>
            <input
              type="checkbox"
              checked={state.permissions[permission] === 'granted'}
              onChange={(event) =>
                simulator.update({
                  permissions: { ...state.permissions, [permission]: event.target.checked ? 'granted' : 'denied' },
                })
              }
            />
            {t(`permissions.${permission}`)}
          </label>
        ))}
      </fieldset>

      <MowerControls simulator={simulator} />

      <NewInvitation simulator={simulator} language={language} />

      <AlexaControls simulator={simulator} />

      <GoogleAppFlipControl language={language} />

      <section aria-labelledby="native-simulator-log">
        <div className={styles.logHeader}>
          <h3 id="native-simulator-log" className={styles.subtitle}>
            {t('log.title')}
          </h3>
          <button type="button" onClick={() => simulator.clearLog()}>
            {t('log.clear')}
          </button>
        </div>
        {simulator.log.length === 0 ? (
          <p className={styles.muted}>{t('log.empty')}</p>
        ) : (
          <ol className={styles.log} aria-live="polite" data-testid="bridge-log">
            {simulator.log.map((entry) => (
              <li key={entry.id} data-method={entry.method} data-code={entry.code ?? ''}>
                <span className={styles.muted}>{time.format(entry.at)}</span> <code>{entry.method}</code>{' '}
                {entry.code === undefined
                  ? t('log.pending')
                  : t('log.answered', { code: entry.code, ms: entry.ms ?? 0 })}
                {entry.note && <span className={styles.muted}> · {entry.note}</span>}
                <pre className={styles.params}>{JSON.stringify(entry.params)}</pre>
              </li>
            ))}
          </ol>
        )}
      </section>
    </aside>
  );
}
