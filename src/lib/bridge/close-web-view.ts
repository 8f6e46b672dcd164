import { useCallback, useState } from 'react';
import { useSingleFlight } from '../use-single-flight.ts';
import { call } from './bridge.ts';

/** Closes the web view and returns to the app (contract section 3, `closeWebView`). */
export async function closeWebView(): Promise<void> {
  await call('closeWebView');
}

export interface CloseWebView {
  /** Closes the web view; a second tap while it is closing does nothing. */
  close: () => Promise<void>;
  pending: boolean;
  /** The app did not close the page: the screen says so (it stays usable, the app's back button still works). */
  failed: boolean;
}

/** The one way a screen closes its web view: guarded against double taps, its failure kept for the screen to show. */
export function useCloseWebView(): CloseWebView {
  const closing = useSingleFlight();
  const [failed, setFailed] = useState(false);
  const { run } = closing;
  const close = useCallback(
    () =>
      run(
        async () => {
          setFailed(false);
          await closeWebView();
        },
        () => setFailed(true),
      ),
    [run],
  );
  return { close, pending: closing.pending, failed };
}
