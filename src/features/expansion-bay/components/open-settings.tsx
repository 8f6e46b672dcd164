import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { openMowerSettings } from '../api/open-mower-settings.ts';
import styles from './expansion-bay.module.css';

/** Opens the app's settings of the mower, where it shows what is installed; a failure says so and may be retried. */
export function OpenSettings({ vehicleSn, text }: { vehicleSn: string; text: string }) {
  const { t } = useTranslation('expansionBay');
  const [state, setState] = useState<'idle' | 'opening' | 'failed'>('idle');

  const open = () => {
    if (state === 'opening') return;
    setState('opening');
    openMowerSettings(vehicleSn).then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };

  return (
    <section className={styles.card} aria-labelledby="mower-settings-title">
      <h2 id="mower-settings-title" className={styles.cardTitle}>
        {t('settings.title')}
      </h2>
      <p>{text}</p>
      {state === 'failed' && (
        <p className={styles.error} role="alert">
          {t('settings.failed')}
        </p>
      )}
      <Button variant="secondary" onClick={open} disabled={state === 'opening'}>
        {state === 'opening' ? t('settings.opening') : t('settings.open')}
      </Button>
    </section>
  );
}
