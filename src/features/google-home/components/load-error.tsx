import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { loadFailure } from '../load-failure.ts';

/** A failed load in words, with Retry unless only the Navimow app can help. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['googleHome', 'common']);
  const failure = loadFailure(error);
  return (
    <>
      <ErrorMessage>{failure === 'offline' ? t('common:offline.message') : t(`failure.${failure}`)}</ErrorMessage>
      {failure !== 'notInApp' && <Button onClick={onRetry}>{t('common:actions.retry')}</Button>}
    </>
  );
}
