import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { attachReporter } from '../lib/error-reporting/error-reporting.ts';

/**
 * An error reporter for one test file: what reaches error reporting lands in `captureException`, cleared
 * before each test. The console output of reports in development is muted.
 */
export function captureReports() {
  const reporter = { captureException: vi.fn(), addBreadcrumb: vi.fn(), setTags: vi.fn() };
  beforeAll(() => attachReporter(reporter));
  beforeEach(() => {
    reporter.captureException.mockClear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());
  return reporter;
}
