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

export function createSentryReporter(dsn: string): Reporter {
  Sentry.init({
    dsn,
    environment: environmentForHost(window.location.hostname),
    release: import.meta.env.VITE_RELEASE,
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true }),
    ],
    ...SAMPLING,
    beforeSend: (event) => scrub(event),
    beforeSendTransaction: (event) => scrub(event),
    beforeBreadcrumb: (crumb) => scrub(crumb),
  });
  return {
    captureException: (error) => Sentry.captureException(error),
    addBreadcrumb: (crumb) => Sentry.addBreadcrumb(crumb),
    setTags: (tags) => Sentry.setTags(tags),
  };
}
