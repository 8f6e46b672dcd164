import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

const offline = (value: boolean) => Object.defineProperty(navigator, 'onLine', { value: !value, configurable: true });
const backOnline = () => {
  offline(false);
  act(() => void window.dispatchEvent(new Event('online')));
};

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

  it('offline, shows the error without reporting it and loads the page again once the connection is back', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    offline(true);
    render(
      <ScreenErrorBoundary>
        <Broken error={new TypeError('Failed to fetch dynamically imported module: /assets/x.js')} />
      </ScreenErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    // Retry while offline would only show the WebView's error page: it waits for the connection too.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).not.toHaveBeenCalled();
    expect(reporter.captureException).not.toHaveBeenCalled();
    backOnline();
    expect(reload).toHaveBeenCalled();
  });

  it('treats texts that did not arrive like code that did not: reloaded, not reported', () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const error = Object.assign(new Error('locale files did not load: de/messages'), { name: 'LocaleLoadError' });
    render(
      <ScreenErrorBoundary>
        <Broken error={error} />
      </ScreenErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reporter.captureException).not.toHaveBeenCalled();
  });
});
