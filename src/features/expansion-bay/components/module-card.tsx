import { useTranslation } from 'react-i18next';
import { Card, CardTitle } from '../../../components/card.tsx';
import type { ModuleForModel } from '../catalogue.ts';
import styles from './expansion-bay.module.css';
import { ModuleIcon, WarningIcon } from './module-icon.tsx';

/** One module of the catalogue as it applies to the current mower: whether it fits, and how to install it. */
export function ModuleCard({ entry: { module, support }, model }: { entry: ModuleForModel; model: string }) {
  const { t } = useTranslation('expansionBay');
  const headingId = `module-${module.id}`;
  return (
    <Card as="section" aria-labelledby={headingId} data-testid={`module-${module.id}`} data-support={support}>
      <div className={styles.cardHeader}>
        <ModuleIcon id={module.id} className={styles.icon} />
        <div>
          <CardTitle id={headingId}>{t(`modules.${module.id}.name`)}</CardTitle>
          <p className={`${styles.badge} ${styles[support]}`}>{t(`status.${support}`)}</p>
        </div>
      </div>
      <p className={styles.muted}>{t(`modules.${module.id}.description`)}</p>

      {support === 'builtIn' && <p>{t('builtInNote')}</p>}
      {support === 'notSupported' && <p>{t('notSupportedNote', { model })}</p>}

      {support === 'optional' && module.requiresNewMap && (
        <Card tone="warning" role="note" aria-labelledby={`${headingId}-warning`} className={styles.warning}>
          <WarningIcon className={styles.warningIcon} />
          <div>
            <CardTitle id={`${headingId}-warning`} level={3} className={styles.warningTitle}>
              {t('antennaWarning.title')}
            </CardTitle>
            <p>{t('antennaWarning.text')}</p>
          </div>
        </Card>
      )}

      {support === 'optional' && (
        <>
          <CardTitle level={3} className={styles.stepsTitle}>
            {t('install.title')}
          </CardTitle>
          <ol className={styles.steps}>
            {module.steps.map((step) => (
              <li key={step}>{t(`install.steps.${step}`)}</li>
            ))}
          </ol>
        </>
      )}
    </Card>
  );
}
