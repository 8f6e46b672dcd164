import { useCallback, useEffect, useRef, useState } from 'react';
import { reportUnexpected } from './error-reporting/error-reporting.ts';

/** One page of a list: its items and the cursor of the next page, null after the last. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** `idle`: more can be loaded; `done`: the last page is in. */
export type PagedListStatus = 'loading' | 'idle' | 'error' | 'done';

export interface PagedList<T> {
  items: readonly T[];
  status: PagedListStatus;
  error: unknown;
  /** Loads the next page; does nothing while one is loading or after the last. Also the Retry after an error. */
  loadMore: () => void;
  /** Starts again from the first page (pull to refresh, a changed filter). */
  reload: () => void;
}

interface State<T> {
  items: readonly T[];
  status: PagedListStatus;
  error: unknown;
}

const FIRST_PAGE: State<never> = { items: [], status: 'loading', error: undefined };

/**
 * A list read page by page (the message centre, its history): the first page on mount, the next one on
 * `loadMore`, one request at a time. A failed page keeps what was loaded and is asked again by `loadMore`;
 * a failure that is a defect is reported. Render it with `InfiniteList`.
 *
 * `firstPage`: the first page when the screen already has it (a personal first view's, src/lib/personal-view-
 * data.ts): the first render shows it, and the next page is the first one loaded.
 */
export function usePagedList<T>(
  loadPage: (cursor: string | null, signal: AbortSignal) => Promise<ListPage<T>>,
  firstPage?: ListPage<T>,
): PagedList<T> {
  const [state, setState] = useState<State<T>>(() =>
    firstPage
      ? { items: firstPage.items, status: firstPage.nextCursor === null ? 'done' : 'idle', error: undefined }
      : FIRST_PAGE,
  );
  // Refs, not state: two calls of loadMore in one frame must see the first one's request.
  const inFlight = useRef<AbortController | null>(null);
  const cursor = useRef<string | null>(firstPage ? firstPage.nextCursor : null);
  const finished = useRef(firstPage?.nextCursor === null);
  const load = useRef(loadPage);
  useEffect(() => {
    load.current = loadPage;
  });

  const request = useCallback(() => {
    const controller = new AbortController();
    inFlight.current = controller;
    load.current(cursor.current, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        inFlight.current = null;
        cursor.current = page.nextCursor;
        finished.current = page.nextCursor === null;
        setState((previous) => ({
          items: [...previous.items, ...page.items],
          status: finished.current ? 'done' : 'idle',
          error: undefined,
        }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        inFlight.current = null;
        reportUnexpected(error);
        setState((previous) => ({ ...previous, status: 'error', error }));
      },
    );
  }, []);

  const loadMore = useCallback(() => {
    if (inFlight.current || finished.current) return;
    setState((previous) => ({ ...previous, status: 'loading', error: undefined }));
    request();
  }, [request]);

  const reload = useCallback(() => {
    inFlight.current?.abort();
    cursor.current = null;
    finished.current = false;
    setState(FIRST_PAGE);
    request();
  }, [request]);

  // The first page; the state starts out as loading it. Under React's <Activity> (a kept-alive screen) effects
  // run again each time the hidden screen shows: the first page loads once, and only a page that hiding cut off
  // is asked for again.
  const started = useRef(firstPage !== undefined);
  const interrupted = useRef(false);
  useEffect(() => {
    if (!started.current || interrupted.current) {
      started.current = true;
      interrupted.current = false;
      request();
    }
    return () => {
      if (!inFlight.current) return;
      inFlight.current.abort();
      inFlight.current = null;
      interrupted.current = true;
    };
  }, [request]);

  return { ...state, loadMore, reload };
}
