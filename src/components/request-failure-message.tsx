import { useTranslation } from 'react-i18next';
import { canRetry, type RequestFailure } from '../lib/request-failure.ts';
import { Button } from './button.tsx';
import { ErrorMessage } from './error-message.tsx';

/**
 * What a screen that needs the user's session says when its request failed (`requestFailure` of
 * src/lib/request-failure.ts): signed out, or not in the app, in the same words on every screen and with no
 * Retry, which could never work; otherwise the screen's own text and Retry. `texts` overrides a case's words
 * where the screen can say more ("…then open the invitation").
 */
export function RequestFailureMessage({
  failure,
  texts,
  onRetry,
  retryVariant = 'primary',
}: {
  failure: RequestFailure;
  /** `load` is the screen's own ("The message could not be loaded"); `offline` defaults to it. */
  texts: { load: string } & Partial<Record<Exclude<RequestFailure, 'load'>, string>>;
  onRetry?: () => void;
  retryVariant?: 'primary' | 'secondary';
}) {
  const { t } = useTranslation('common');
  const text = {
    load: texts.load,
    offline: texts.offline ?? texts.load,
    signedOut: texts.signedOut ?? t('session.signedOut'),
    notInApp: texts.notInApp ?? t('session.notInApp'),
  }[failure];
  return (
    <>
      <ErrorMessage>{text}</ErrorMessage>
      {onRetry && canRetry(failure) && (
        <Button variant={retryVariant} onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      )}
    </>
  );
}
