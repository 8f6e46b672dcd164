import { act, render } from '@testing-library/react';
import { Activity } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getUnreadCounts } from './api/get-unread-counts.ts';
import { resetMessageStore } from './message-store.ts';
import { counts } from './test-messages.ts';
import { useUnreadCounts } from './use-unread-counts.ts';

vi.mock('./api/get-unread-counts.ts', () => ({ getUnreadCounts: vi.fn() }));

function Counts() {
  useUnreadCounts();
  return null;
}

const kept = (mode: 'visible' | 'hidden') => (
  <Activity mode={mode}>
    <Counts />
  </Activity>
);

function setPageVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

beforeEach(() => {
  vi.useFakeTimers();
  resetMessageStore();
  vi.mocked(getUnreadCounts).mockReset().mockResolvedValue(counts());
  setPageVisibility('visible');
});
afterEach(() => {
  vi.useRealTimers();
  setPageVisibility('visible');
});

describe('useUnreadCounts', () => {
  it('asks at once and every minute while on screen, never while the kept-alive screen is hidden', async () => {
    const { rerender } = render(kept('visible'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(getUnreadCounts).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(getUnreadCounts).toHaveBeenCalledTimes(2);

    rerender(kept('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(getUnreadCounts).toHaveBeenCalledTimes(2);

    // Shown again: fresh counts at once, then every minute again.
    rerender(kept('visible'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(getUnreadCounts).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(getUnreadCounts).toHaveBeenCalledTimes(4);
  });

  it('skips the minute’s update while the app is in the background', async () => {
    render(kept('visible'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    setPageVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(3 * 60_000));
    expect(getUnreadCounts).toHaveBeenCalledTimes(1);
  });

  it('asks at once when the app comes back to the foreground, not at the next minute', async () => {
    render(kept('visible'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    setPageVisibility('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(getUnreadCounts).toHaveBeenCalledTimes(1);
    setPageVisibility('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(getUnreadCounts).toHaveBeenCalledTimes(2);
  });
});
