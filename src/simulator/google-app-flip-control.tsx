import { useTranslation } from 'react-i18next';
import type { Language } from '../../common/languages.ts';
import { startAppFlip } from './google-app-flip.ts';
import styles from './simulator-panel.module.css';

/** Plays the Google Home app starting App Flip: the Navimow app opens its linking page with Google's parameters. */
export function GoogleAppFlipControl({ language }: { language: Language }) {
  const { t } = useTranslation('simulator');
  return (
    <section className={styles.form} aria-labelledby="native-simulator-google" data-testid="simulator-google-home">
      <h3 id="native-simulator-google" className={styles.subtitle}>
        {t('googleHome.title')}
      </h3>
      <p className={styles.muted}>{t('googleHome.description')}</p>
      <button type="button" onClick={() => window.location.assign(startAppFlip(language))}>
        {t('googleHome.startAppFlip')}
      </button>
    </section>
  );
}
