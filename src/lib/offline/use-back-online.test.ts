import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useBackOnline } from './use-back-online.ts';

const backOnline = () => act(() => void window.dispatchEvent(new Event('online')));

describe('useBackOnline', () => {
  it('calls back when the connection returns while waiting, and not otherwise', () => {
    const onBackOnline = vi.fn();
    const { rerender } = renderHook(({ waiting }) => useBackOnline(waiting, onBackOnline), {
      initialProps: { waiting: false },
    });
    backOnline();
    expect(onBackOnline).not.toHaveBeenCalled();
    rerender({ waiting: true });
    backOnline();
    expect(onBackOnline).toHaveBeenCalledTimes(1);
  });

  it('listens from the start, so that an event right after a failure is shown is not missed', () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const { rerender } = renderHook(({ waiting }) => useBackOnline(waiting, () => undefined), {
      initialProps: { waiting: false },
    });
    const online = () => listen.mock.calls.filter(([type]) => type === 'online');
    expect(online()).toHaveLength(1);
    rerender({ waiting: true });
    expect(online()).toHaveLength(1);
    listen.mockRestore();
  });

  it('stops listening when the screen goes', () => {
    const onBackOnline = vi.fn();
    const { unmount } = renderHook(() => useBackOnline(true, onBackOnline));
    unmount();
    backOnline();
    expect(onBackOnline).not.toHaveBeenCalled();
  });
});
