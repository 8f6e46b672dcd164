import { describe, expect, it, vi } from 'vitest';
import { addBreadcrumb, attachReporter, reportError, setReportTags, startErrorReporting } from './error-reporting.ts';

describe('error reporting', () => {
  it('stays off without a DSN', async () => {
    await expect(startErrorReporting('')).resolves.toBe(false);
  });

  it('hands what happened before the SDK loaded to it, in order, then reports directly', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const early = new Error('before first paint');
    reportError(early);
    addBreadcrumb({ category: 'bridge', message: 'getAppVersion ok' });
    setReportTags({ platform: 'ios' });
    const reporter = { captureException: vi.fn(), addBreadcrumb: vi.fn(), setTags: vi.fn() };
    attachReporter(reporter);
    expect(reporter.setTags).toHaveBeenCalledWith({ platform: 'ios' });
    expect(reporter.addBreadcrumb).toHaveBeenCalledWith(expect.objectContaining({ message: 'getAppVersion ok' }));
    expect(reporter.captureException).toHaveBeenCalledWith(early);
    const late = new Error('later');
    reportError(late);
    expect(reporter.captureException).toHaveBeenLastCalledWith(late);
    await expect(startErrorReporting('')).resolves.toBe(true);
  });
});
