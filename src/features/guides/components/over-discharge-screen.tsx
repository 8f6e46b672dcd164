import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { OK_HOLD_SECONDS, OVER_DISCHARGE_CHARGE_MINUTES } from '../guide-constants.ts';
import styles from './guide.module.css';
import { ChargingBatteryIllustration } from './illustrations.tsx';

/** Help for a deeply discharged battery (route `robotWinterMode/overDischargeNotice`). */
export function OverDischargeScreen() {
  const { t } = useTranslation('overDischarge');
  return (
    <Page title={t('title')}>
      <p className={styles.intro}>{t('intro')}</p>

      <section className={styles.card} aria-labelledby="over-discharge-symptom">
        <h2 id="over-discharge-symptom" className={styles.heading}>
          {t('symptom.title')}
        </h2>
        <div className={styles.stepText}>
          <p>{t('symptom.body')}</p>
        </div>
      </section>

      <section className={`${styles.card} ${styles.step}`} aria-labelledby="over-discharge-recover">
        <div className={styles.stepText}>
          <h2 id="over-discharge-recover" className={styles.heading}>
            {t('recover.title')}
          </h2>
          <ol>
            <li>{t('recover.power')}</li>
            <li>{t('recover.dock')}</li>
            <li>{t('recover.charge', { count: OVER_DISCHARGE_CHARGE_MINUTES })}</li>
            <li>{t('recover.switchOn', { count: OK_HOLD_SECONDS })}</li>
          </ol>
        </div>
        <div className={styles.pictures}>
          <ChargingBatteryIllustration />
        </div>
      </section>

      <section className={styles.card} aria-labelledby="over-discharge-support">
        <h2 id="over-discharge-support" className={styles.heading}>
          {t('stillOff.title')}
        </h2>
        <div className={styles.stepText}>
          <p>{t('stillOff.retry')}</p>
          <p>{t('stillOff.support')}</p>
        </div>
      </section>
    </Page>
  );
}
