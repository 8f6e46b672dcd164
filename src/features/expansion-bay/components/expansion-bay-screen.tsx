import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Page } from '../../../components/page.tsx';
import { BridgeError } from '../../../lib/bridge/bridge.ts';
import { useAsync } from '../../../lib/use-async.ts';
import { getCurrentMower } from '../api/get-current-mower.ts';
import { modulesFor } from '../catalogue.ts';
import styles from './expansion-bay.module.css';
import { ModuleCard } from './module-card.tsx';
import { OpenSettings } from './open-settings.tsx';

/** Route `expansion-bay`: the modules that fit the current mower's expansion bay, and how to install them. */
export function ExpansionBayScreen() {
  const { t } = useTranslation(['expansionBay', 'common']);
  const mower = useAsync(getCurrentMower);

  if (mower.status === 'pending') {
    return (
      <Page title={t('title')}>
        <p role="status">{t('loading')}</p>
      </Page>
    );
  }

  if (mower.status === 'error') {
    const notInApp = mower.error instanceof BridgeError && mower.error.reason === 'unavailable';
    return (
      <Page title={t('title')}>
        <p className={styles.error} role="alert">
          {notInApp ? t('notInApp') : t('loadFailed')}
        </p>
        <Button onClick={mower.reload}>{t('common:actions.retry')}</Button>
      </Page>
    );
  }

  if (!mower.data) {
    return (
      <Page title={t('title')}>
        <p>{t('noMower')}</p>
      </Page>
    );
  }

  const { vehicle_sn, name, model } = mower.data;
  const modules = modulesFor(model);
  return (
    <Page title={t('title')}>
      <p className={styles.mower} data-testid="current-mower">
        <span className={styles.muted}>{t('mower.label')}</span>
        <strong>{name}</strong>
        <span>{model}</span>
      </p>
      {modules ? (
        <>
          <p>{t('intro', { model })}</p>
          {modules.map((entry) => (
            <ModuleCard key={entry.module.id} entry={entry} model={model} />
          ))}
          <OpenSettings vehicleSn={vehicle_sn} text={t('settings.text')} />
        </>
      ) : (
        <>
          <section className={styles.card} aria-labelledby="unknown-model-title" data-testid="unknown-model">
            <h2 id="unknown-model-title" className={styles.cardTitle}>
              {t('unknownModel.title')}
            </h2>
            <p>{t('unknownModel.text', { model })}</p>
          </section>
          <OpenSettings vehicleSn={vehicle_sn} text={t('settings.unknownModelText')} />
        </>
      )}
    </Page>
  );
}
