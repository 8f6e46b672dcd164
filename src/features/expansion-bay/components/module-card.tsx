import { useTranslation } from 'react-i18next';
import type { ModuleForModel } from '../catalogue.ts';
import styles from './expansion-bay.module.css';
import { ModuleIcon, WarningIcon } from './module-icon.tsx';

/** One module of the catalogue as it applies to the current mower: whether it fits, and how to install it. */
export function ModuleCard({ entry: { module, support }, model }: { entry: ModuleForModel; model: string }) {
  const { t } = useTranslation('expansionBay');
  const headingId = `module-${module.id}`;
  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid={`module-${module.id}`} data-support={support}>
      <div className={styles.cardHeader}>
        <ModuleIcon id={module.id} className={styles.icon} />
        <div>
          <h2 id={headingId} className={styles.cardTitle}>
            {t(`modules.${module.id}.name`)}
          </h2>
          <p className={`${styles.badge} ${styles[support]}`}>{t(`status.${support}`)}</p>
        </div>
      </div>
      <p className={styles.muted}>{t(`modules.${module.id}.description`)}</p>

      {support === 'builtIn' && <p>{t('builtInNote')}</p>}
      {support === 'notSupported' && <p>{t('notSupportedNote', { model })}</p>}

      {support === 'optional' && module.requiresNewMap && (
        <div className={styles.warning} role="note" aria-labelledby={`${headingId}-warning`}>
          <WarningIcon className={styles.warningIcon} />
          <div>
            <h3 id={`${headingId}-warning`} className={styles.warningTitle}>
              {t('antennaWarning.title')}
            </h3>
            <p>{t('antennaWarning.text')}</p>
          </div>
        </div>
      )}

      {support === 'optional' && (
        <>
          <h3 className={styles.stepsTitle}>{t('install.title')}</h3>
          <ol className={styles.steps}>
            {module.steps.map((step) => (
              <li key={step}>{t(`install.steps.${step}`)}</li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
