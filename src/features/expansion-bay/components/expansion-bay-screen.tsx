import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { Page } from '../../../components/page.tsx';
import { isNoNativeApp } from '../../../lib/bridge/bridge.ts';
import type { Mower } from '../../../lib/bridge/methods.ts';
import { getCurrentMower } from '../../../lib/current-mower.ts';
import { useAsync } from '../../../lib/use-async.ts';
import { modulesFor } from '../catalogue.ts';
import styles from './expansion-bay.module.css';
import { ModuleCard } from './module-card.tsx';
import { OpenSettings } from './open-settings.tsx';

/**
 * Route `expansion-bay`: the modules that fit the current mower's expansion bay, and how to install them. What
 * the bay is for is said at once (the server sends it in the first view); what fits the mower follows below it
 * once the app has named the mower, so nothing already on screen moves.
 */
export function ExpansionBayScreen() {
  const { t } = useTranslation(['expansionBay', 'common']);
  const mower = useAsync(getCurrentMower);
  return (
    <Page title={t('title')}>
      <p>{t('lead')}</p>
      {mower.status === 'pending' ? (
        <p role="status">{t('loading')}</p>
      ) : mower.status === 'error' ? (
        <>
          <ErrorMessage>{isNoNativeApp(mower.error) ? t('notInApp') : t('loadFailed')}</ErrorMessage>
          <Button onClick={mower.reload}>{t('common:actions.retry')}</Button>
        </>
      ) : mower.data ? (
        <MowerModules mower={mower.data} />
      ) : (
        <EmptyState title={t('noMower')} titleAs="p" />
      )}
    </Page>
  );
}

function MowerModules({ mower: { vehicle_sn, name, model } }: { mower: Mower }) {
  const { t } = useTranslation('expansionBay');
  const modules = modulesFor(model);
  return (
    <>
      <p className={styles.mower} data-testid="current-mower">
        <span className={styles.muted}>{t('mower.label')}</span>
        <strong>{name}</strong>
        <span>{model}</span>
      </p>
      {modules ? (
        <>
          <p>{t('fits', { model })}</p>
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
    </>
  );
}
