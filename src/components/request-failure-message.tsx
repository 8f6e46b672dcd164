import { useTranslation } from 'react-i18next';
import { canRetry, type RequestFailure } from '../lib/request-failure.ts';
import { Button } from './button.tsx';
import { CloseButton } from './close-button.tsx';
import { ErrorMessage } from './error-message.tsx';
import { ResultScreen } from './result-screen.tsx';

type FailureTexts = { load: string } & Partial<Record<Exclude<RequestFailure, 'load'>, string>>;

function useFailureText(failure: RequestFailure, texts: FailureTexts): string {
  const { t } = useTranslation('common');
  return {
    load: texts.load,
    offline: texts.offline ?? texts.load,
    signedOut: texts.signedOut ?? t('session.signedOut'),
    notInApp: texts.notInApp ?? t('session.notInApp'),
  }[failure];
}

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
  texts: FailureTexts;
  onRetry?: () => void;
  retryVariant?: 'primary' | 'secondary';
}) {
  const { t } = useTranslation('common');
  const text = useFailureText(failure, texts);
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

/**
 * The same failure when the screen has nothing else to show (it could not load what it was opened for): a whole
 * result screen under the route's `title`, in the words of `RequestFailureMessage`, with its way on: Retry where
 * trying again can help, and Close back to the app, where the user signs in again.
 */
export function RequestFailureScreen({
  title,
  failure,
  texts,
  onRetry,
}: {
  title: string;
  failure: RequestFailure;
  texts: FailureTexts;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('common');
  const retry = onRetry && canRetry(failure);
  return (
    <ResultScreen
      status="failure"
      title={title}
      // An alert as well as the focused title: the reason is what a screen reader must not miss.
      message={<span role="alert">{useFailureText(failure, texts)}</span>}
      actions={
        <>
          {retry && <Button onClick={onRetry}>{t('actions.retry')}</Button>}
          <CloseButton variant={retry ? 'secondary' : 'primary'} />
        </>
      }
    />
  );
}
