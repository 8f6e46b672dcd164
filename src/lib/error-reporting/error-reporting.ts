/**
 * The one error-reporting module. Pages call `reportError` and `addBreadcrumb` at any time; until the Sentry
 * SDK has loaded (after the first paint, and only when a DSN is configured) they are buffered, so error
 * reporting never weighs on the first screen.
 */

export interface Breadcrumb {
  category: string;
  message: string;
  level?: 'info' | 'warning' | 'error';
  data?: Record<string, string | number | boolean | undefined>;
}

export interface Reporter {
  captureException(error: unknown): void;
  addBreadcrumb(crumb: Breadcrumb): void;
  setTags(tags: Record<string, string>): void;
}

const MAX_BUFFERED = 100;

let reporter: Reporter | undefined;
const pendingErrors: unknown[] = [];
const pendingCrumbs: Breadcrumb[] = [];
let pendingTags: Record<string, string> = {};

function push<T>(buffer: T[], item: T) {
  buffer.push(item);
  if (buffer.length > MAX_BUFFERED) buffer.shift();
}

export function reportError(error: unknown): void {
  if (reporter) reporter.captureException(error);
  else push(pendingErrors, error);
  if (import.meta.env.DEV) console.error(error);
}

/**
 * Whether an error is an outcome a screen explains rather than a defect: errors say so themselves with
 * `expected: true` (offline, an API answer below 500, no native app, a refusal by the mower); a request
 * cancelled because the screen moved on (`AbortError`) is one too.
 */
export function isExpectedError(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  return typeof error === 'object' && error !== null && (error as { expected?: unknown }).expected === true;
}

/**
 * For the errors a screen catches and shows itself: reports the defects, lets expected outcomes pass. The
 * loading and submitting hooks (`useAsync`, `useSingleFlight`) call it, so screens need not.
 */
export function reportUnexpected(error: unknown): void {
  if (!isExpectedError(error)) reportError(error);
}

export function addBreadcrumb(crumb: Breadcrumb): void {
  if (reporter) reporter.addBreadcrumb(crumb);
  else push(pendingCrumbs, crumb);
}

export function setReportTags(tags: Record<string, string>): void {
  if (reporter) reporter.setTags(tags);
  else pendingTags = { ...pendingTags, ...tags };
}

/** Hands the buffered reports to a loaded reporter; called once the SDK is up. */
export function attachReporter(next: Reporter): void {
  reporter = next;
  next.setTags(pendingTags);
  for (const crumb of pendingCrumbs.splice(0)) next.addBreadcrumb(crumb);
  for (const error of pendingErrors.splice(0)) next.captureException(error);
}

/** Recent breadcrumbs while no reporter is attached; for tests and the simulator. */
export function bufferedBreadcrumbs(): readonly Breadcrumb[] {
  return pendingCrumbs;
}

/**
 * Loads the Sentry SDK when a DSN is configured. Call after the first paint. Resolves whether reports are sent.
 */
export async function startErrorReporting(dsn = import.meta.env.VITE_SENTRY_DSN): Promise<boolean> {
  if (reporter) return true;
  if (!dsn) return false;
  const { createSentryReporter } = await import('./sentry.ts');
  attachReporter(createSentryReporter(dsn));
  return true;
}
