import { useCallback, useEffect, useRef, useState } from 'react';
import { NetworkError } from './api-client.ts';
import { reportUnexpected } from './error-reporting/error-reporting.ts';
import { useBackOnline } from './offline/use-back-online.ts';

export type AsyncState<T> =
  | { status: 'pending'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: unknown };

export type AsyncResult<T> = AsyncState<T> & {
  /** Runs the load again (a Retry button); the previous answer is dropped. */
  reload: () => void;
  /** The last attempt failed because the device was offline; it runs again on reconnection. */
  waitingForNetwork: boolean;
};

/**
 * Loads data for a screen: pending, then success or error. A load that failed for want of a network runs
 * again by itself when the device comes back online. An answer that arrives after the screen has moved on
 * (unmount or a newer load) is dropped. A failure the screen shows is reported when it is a defect
 * (`reportUnexpected`). Kept this small on purpose: see docs/decisions/003-first-load-budget.md.
 *
 * `initial`: the answer the screen already has (a personal first view's, src/lib/personal-view-data.ts): the first
 * render shows it and nothing is loaded until `reload`.
 */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, initial?: T): AsyncResult<T> {
  const [state, setState] = useState<AsyncState<T>>(() =>
    initial === undefined
      ? { status: 'pending', data: undefined, error: undefined }
      : { status: 'success', data: initial, error: undefined },
  );
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => {
    setState({ status: 'pending', data: undefined, error: undefined });
    setAttempt((count) => count + 1);
  }, []);

  // Under React's <Activity> (a kept-alive screen) effects run again each time the hidden screen shows: an
  // attempt that has its answer is not made again.
  const settled = useRef<number | undefined>(initial === undefined ? undefined : 0);
  useEffect(() => {
    if (settled.current === attempt) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        settled.current = attempt;
        setState({ status: 'success', data, error: undefined });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        settled.current = attempt;
        reportUnexpected(error);
        setState({ status: 'error', data: undefined, error });
      },
    );
    return () => controller.abort();
    // `load` is the caller's function for this screen; a new attempt is asked for with `reload`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const waitingForNetwork = state.status === 'error' && state.error instanceof NetworkError;
  useBackOnline(waitingForNetwork, reload);

  return { ...state, reload, waitingForNetwork };
}
