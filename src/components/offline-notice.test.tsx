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
  it('shows the seed’s notice while offline only', () => {
    render(<OfflineNotice />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent('No Internet connection');
    act(() => setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
