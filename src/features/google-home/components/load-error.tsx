import { useTranslation } from 'react-i18next';
import { LoadError as KitLoadError } from '../../../components/load-error.tsx';

/** The kit's load failure in this feature's words. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['googleHome', 'common']);
  return (
    <KitLoadError
      error={error}
      onRetry={onRetry}
      message={(failure) => (failure === 'offline' ? t('common:offline.message') : t(`failure.${failure}`))}
    />
  );
}
