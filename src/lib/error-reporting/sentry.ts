import * as Sentry from '@sentry/react';
import { environmentForHost } from './environment.ts';
import type { Reporter } from './error-reporting.ts';
import { scrub } from './scrub.ts';

/** Sampling from seed section 7: traces 50 %, sessions replayed 10 %, sessions with an error 100 %. */
export const SAMPLING = {
  tracesSampleRate: 0.5,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;

/** rrweb's kinds of recorded event that carry addresses and request URLs: the page's meta (its href) and custom ones. */
const META = 4;
const CUSTOM = 5;

/**
 * What a session replay records: its DOM snapshots are masked already (`maskAllText`); the page's address and the
 * requests it made (OAuth codes and states, serials in paths) are scrubbed like error events.
 */
function scrubRecordingEvent<T extends { type: number }>(event: T): T {
  return event.type === META || event.type === CUSTOM ? scrub(event) : event;
}

export function createSentryReporter(dsn: string): Reporter {
  Sentry.init({
    dsn,
    environment: environmentForHost(window.location.hostname),
    release: import.meta.env.VITE_RELEASE,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({
        maskAllText: true,
        blockAllMedia: true,
        beforeAddRecordingEvent: scrubRecordingEvent,
      }),
    ],
    ...SAMPLING,
    beforeSend: (event) => scrub(event),
    beforeSendTransaction: (event) => scrub(event),
    beforeBreadcrumb: (crumb) => scrub(crumb),
  });
  // A replay's own event (its `urls`) passes no `beforeSend`: the page addresses it lists carry codes and serials.
  Sentry.addEventProcessor((event) => (event.type === 'replay_event' ? scrub(event) : event));
  return {
    captureException: (error) => Sentry.captureException(error),
    addBreadcrumb: (crumb) => Sentry.addBreadcrumb(crumb),
    setTags: (tags) => Sentry.setTags(tags),
  };
}
