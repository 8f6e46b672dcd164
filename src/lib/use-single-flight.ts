import { useCallback, useRef, useState } from 'react';
import { reportUnexpected } from './error-reporting/error-reporting.ts';

export interface SingleFlight {
  /** An action is running: show it (a disabled button, "Sending…"). */
  pending: boolean;
  /**
   * Runs `action` unless one is still running, in which case it does nothing. What the action throws is
   * reported when it is a defect (`reportUnexpected`), then handed to `onError` for the screen to show.
   */
  run: (action: () => Promise<unknown>, onError: (error: unknown) => void) => Promise<void>;
}

/**
 * The double-tap guard of buttons that start something (send, open the settings, begin hibernating). A ref,
 * not state, decides: two taps within one frame both run before React re-renders the disabled button, and
 * the second must still find the first one running.
 */
export function useSingleFlight(): SingleFlight {
  const running = useRef(false);
  const [pending, setPending] = useState(false);

  const run = useCallback(async (action: () => Promise<unknown>, onError: (error: unknown) => void) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await action();
    } catch (error) {
      reportUnexpected(error);
      onError(error);
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);

  return { pending, run };
}
