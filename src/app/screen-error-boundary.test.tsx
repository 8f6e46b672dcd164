import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureReports } from '../testing/captured-reports.ts';
import { initTestI18n } from '../testing/test-i18n.ts';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

const reporter = captureReports();

function Broken({ error }: { error: Error }): never {
  throw error;
}

beforeAll(() => initTestI18n());
beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

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
