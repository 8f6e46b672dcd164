import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachReporter } from '../lib/error-reporting/error-reporting.ts';
import { initTestI18n } from '../testing/test-i18n.ts';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

const reporter = { captureException: vi.fn(), addBreadcrumb: vi.fn(), setTags: vi.fn() };

function Broken({ error }: { error: Error }): never {
  throw error;
}

beforeAll(async () => {
  await initTestI18n();
  attachReporter(reporter);
});
beforeEach(() => {
  reporter.captureException.mockClear();
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ScreenErrorBoundary', () => {
  it('reports what the screen threw and shows a localized error with a retry instead of a blank page', () => {
    const error = new Error('render failed');
    render(
      <ScreenErrorBoundary>
        <Broken error={error} />
      </ScreenErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(reporter.captureException).toHaveBeenCalledWith(error);
  });

  it('reloads once for a route chunk that a new deployment removed, without reporting it', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(
      <ScreenErrorBoundary>
        <Broken error={new TypeError('Failed to fetch dynamically imported module: /assets/x.js')} />
      </ScreenErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reporter.captureException).not.toHaveBeenCalled();
  });
});
