import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { Page } from '../../../components/page.tsx';
import { isNoNativeApp } from '../../../lib/bridge/bridge.ts';
import { getCurrentMower } from '../../../lib/current-mower.ts';
import { useAsync } from '../../../lib/use-async.ts';
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
    return (
      <Page title={t('title')}>
        <ErrorMessage>{isNoNativeApp(mower.error) ? t('notInApp') : t('loadFailed')}</ErrorMessage>
        <Button onClick={mower.reload}>{t('common:actions.retry')}</Button>
      </Page>
    );
  }

  if (!mower.data) {
    return (
      <Page title={t('title')}>
        <EmptyState title={t('noMower')} titleAs="p" />
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
          <EmptyState title={t('unknownModel.title')} data-testid="unknown-model">
            {t('unknownModel.text', { model })}
          </EmptyState>
          <OpenSettings vehicleSn={vehicle_sn} text={t('settings.unknownModelText')} />
        </>
      )}
    </Page>
  );
}
