import { useTranslation } from 'react-i18next';
import { useCloseWebView } from '../lib/bridge/close-web-view.ts';
import { useNativeApp } from '../lib/bridge/use-native-app.ts';
import { Button } from './button.tsx';
import { ErrorMessage } from './error-message.tsx';

/**
 * Closes the web view and returns to the app ("Done", "Close"); nothing to close in a plain browser, so no button
 * there. A failed close is said above the button.
 */
export function CloseButton({ label, variant = 'primary' }: { label?: string; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation('common');
  const { close, pending, failed } = useCloseWebView();
  if (!useNativeApp()) return null;
  return (
    <>
      {failed && <ErrorMessage>{t('actions.closeFailed')}</ErrorMessage>}
      <Button variant={variant} disabled={pending} onClick={() => void close()}>
        {label ?? t('actions.close')}
      </Button>
    </>
  );
}
