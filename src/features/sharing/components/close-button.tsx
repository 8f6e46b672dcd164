import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { call } from '../../../lib/bridge/bridge.ts';
import { useNativeApp } from '../../../lib/bridge/use-native-app.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';

/** Closes the web view and returns to the app; nothing to close in a plain browser, so no button there. */
export function CloseButton({ label, variant = 'primary' }: { label: string; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation('sharing');
  const closing = useSingleFlight();
  const [failed, setFailed] = useState(false);
  if (!useNativeApp()) return null;
  const close = () =>
    closing.run(
      async () => {
        setFailed(false);
        await call('closeWebView');
      },
      () => setFailed(true),
    );
  return (
    <>
      {failed && <ErrorMessage>{t('closeFailed')}</ErrorMessage>}
      <Button variant={variant} disabled={closing.pending} onClick={() => void close()}>
        {label}
      </Button>
    </>
  );
}
