import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { captureReports } from '../testing/captured-reports.ts';
import { ApiError, NetworkError } from './api-client.ts';
import { useSingleFlight } from './use-single-flight.ts';

const reporter = captureReports();

describe('useSingleFlight', () => {
  it('runs one action at a time: a second tap while it runs does nothing', async () => {
    let finish!: () => void;
    const action = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
      .mockResolvedValue(undefined);
    const { result } = renderHook(() => useSingleFlight());
    let first!: Promise<void>;
    act(() => {
      // Both taps land before React re-renders: the guard must not depend on the render.
      first = result.current.run(action, vi.fn());
      void result.current.run(action, vi.fn());
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toBe(true);
    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.pending).toBe(false);

    await act(() => result.current.run(action, vi.fn()));
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('hands a failure to the screen, reports it when it is a defect, and is ready again', async () => {
    const { result } = renderHook(() => useSingleFlight());
    const onError = vi.fn();
    const defect = new ApiError(503, 'unavailable', 'down');
    await act(() => result.current.run(() => Promise.reject(defect), onError));
    expect(onError).toHaveBeenCalledWith(defect);
    expect(reporter.captureException).toHaveBeenCalledWith(defect);
    expect(result.current.pending).toBe(false);

    const offline = new NetworkError('offline');
    await act(() => result.current.run(() => Promise.reject(offline), onError));
    expect(onError).toHaveBeenLastCalledWith(offline);
    expect(reporter.captureException).toHaveBeenCalledTimes(1);
  });
});
