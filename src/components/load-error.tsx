import { useTranslation } from 'react-i18next';
import { type RequestFailure, requestFailure } from '../lib/request-failure.ts';
import { Button } from './button.tsx';
import { ErrorMessage } from './error-message.tsx';

/**
 * A screen's data did not load: why, in words (`message`, from the caller's namespace), with Retry unless only the
 * Navimow app can help (the page is open in a plain browser).
 */
export function LoadError({
  error,
  onRetry,
  message,
}: {
  error: unknown;
  onRetry: () => void;
  message: (failure: RequestFailure) => string;
}) {
  const { t } = useTranslation('common');
  const failure = requestFailure(error);
  return (
    <>
      <ErrorMessage>{message(failure)}</ErrorMessage>
      {failure !== 'notInApp' && <Button onClick={onRetry}>{t('actions.retry')}</Button>}
    </>
  );
}
