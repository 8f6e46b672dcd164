import { useTranslation } from 'react-i18next';
import { RequestFailureMessage } from '../../../components/request-failure-message.tsx';
import { requestFailure } from '../../../lib/request-failure.ts';

/** The kit's load failure in this feature's words. */
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
