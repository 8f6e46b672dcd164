import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../testing/test-i18n.ts';
import { OfflineNotice } from './offline-notice.tsx';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeAll(() => initTestI18n());

describe('OfflineNotice', () => {
  it('shows the seed’s notice while offline only, in a live region that is on the page before it', () => {
    render(<OfflineNotice />);
    // Online: the live region is there, empty and without the notice's box, so that screen readers know it.
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    expect(region).not.toHaveClass('notice');

    act(() => setOnline(false));
    // The text goes into that same region: a change screen readers announce.
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('No Internet connection');
    expect(region).toHaveClass('notice');

    act(() => setOnline(true));
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toBeEmptyDOMElement();
    expect(region).not.toHaveClass('notice');
  });
});
