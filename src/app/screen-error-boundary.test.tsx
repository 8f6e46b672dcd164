import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bufferedBreadcrumbs } from '../lib/error-reporting/error-reporting.ts';
import { initTestI18n } from '../testing/test-i18n.ts';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

function Broken(): never {
  throw new Error('render failed');
}

beforeAll(() => initTestI18n());

describe('ScreenErrorBoundary', () => {
  it('shows a localized error with a retry instead of a blank page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ScreenErrorBoundary>
        <Broken />
      </ScreenErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
    expect(bufferedBreadcrumbs()).toBeDefined();
  });
});
