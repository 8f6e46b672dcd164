import { useTranslation } from 'react-i18next';
import { RequestFailureMessage } from '../../../components/request-failure-message.tsx';
import { requestFailure } from '../../../lib/request-failure.ts';

/** A failed load in words, with Retry unless only the Navimow app can help. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['googleHome', 'common']);
  return (
    <RequestFailureMessage
      failure={requestFailure(error)}
      texts={{ load: t('failure.load'), offline: t('common:offline.message') }}
      onRetry={onRetry}
    />
  );
}
