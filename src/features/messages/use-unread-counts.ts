import { useEffect } from 'react';
import { reportUnexpected } from '../../lib/error-reporting/error-reporting.ts';
import { refreshUnreadCounts } from './message-store.ts';

/** New messages arrive while the centre is open; a minute is soon enough for a number on a tab. */
const COUNTS_EVERY_MS = 60_000;

/**
 * Keeps the unread counts of the message store fresh while the screen that calls it is on screen: at once, then
 * every minute while the page is in the foreground, and as it comes back to the foreground. Inside the kept-alive centre, React's <Activity> unmounts
 * effects while the centre is hidden, so this stops when the user opens a message and starts again, with a fresh
 * answer, when they come back (docs/decisions/011-message-centre-kept-alive.md).
 */
export function useUnreadCounts(): void {
  useEffect(() => {
    let controller = new AbortController();
    const refresh = () => {
      controller.abort();
      controller = new AbortController();
      refreshUnreadCounts(controller.signal).catch((error: unknown) => {
        // The counts on screen stay as they were: a stale number is better than none.
        if (!controller.signal.aborted) reportUnexpected(error);
      });
    };
    refresh();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, COUNTS_EVERY_MS);
    // Back in the foreground (the app reopened from a notification, say): at once, not at the next minute.
    const shown = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', shown);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
      controller.abort();
    };
  }, []);
}
