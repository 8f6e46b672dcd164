import { useState } from 'react';
import { Button } from './button.tsx';
import { ErrorMessage } from './error-message.tsx';
import { call, hasNativeApp } from '../lib/bridge/bridge.ts';
import { useSingleFlight } from '../lib/use-single-flight.ts';

/**
 * Closes the web view and returns to the app; nothing to close in a plain browser, so no button there. If the app
 * does not close, `failedText` says so and the button stays for another try.
 */
export function CloseButton({ label, failedText, variant = 'primary' }: { label: string; failedText: string; variant?: 'primary' | 'secondary' }) {
  const closing = useSingleFlight();
  const [failed, setFailed] = useState(false);
  if (!hasNativeApp()) return null;
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
      {failed && <ErrorMessage>{failedText}</ErrorMessage>}
      <Button variant={variant} disabled={closing.pending} onClick={() => void close()}>
        {label}
      </Button>
    </>
  );
}
