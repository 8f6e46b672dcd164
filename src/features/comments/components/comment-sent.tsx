import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { ResultScreen } from '../../../components/result-screen.tsx';
import { call } from '../../../lib/bridge/bridge.ts';
import { useNativeApp } from '../../../lib/bridge/use-native-app.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';

/** The thank-you after a stored comment, with a way back into the app. */
export function CommentSent() {
  const { t } = useTranslation(['comments', 'common']);
  const closing = useSingleFlight();
  const inApp = useNativeApp();
  const [closeFailed, setCloseFailed] = useState(false);

  return (
    <ResultScreen
      status="success"
      title={t('success.title')}
      message={t('success.text')}
      actions={
        inApp ? (
          <Button
            variant="secondary"
            disabled={closing.pending}
            onClick={() => void closing.run(() => call('closeWebView'), () => setCloseFailed(true))}
          >
            {t('common:actions.close')}
          </Button>
        ) : undefined
      }
    >
      {closeFailed && <ErrorMessage>{t('success.closeFailed')}</ErrorMessage>}
    </ResultScreen>
  );
}
