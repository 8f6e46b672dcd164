import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Activity } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { captureReports } from '../testing/captured-reports.ts';
import { ApiError, NetworkError } from './api-client.ts';
import { BridgeError } from './bridge/bridge.ts';
import { useAsync } from './use-async.ts';

const reporter = captureReports();

/** A load that the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('useAsync', () => {
  it('is pending, then holds the answer', async () => {
    const { result } = renderHook(() => useAsync(async () => 'mower'));
    expect(result.current).toMatchObject({ status: 'pending', data: undefined });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'mower' }));
  });

  it('holds an answer it is given without loading, until reload', async () => {
    const load = vi.fn(async () => 'fresh');
    const { result } = renderHook(() => useAsync(load, 'given'));
    expect(result.current).toMatchObject({ status: 'success', data: 'given' });
    expect(load).not.toHaveBeenCalled();
    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'fresh' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('holds a failure, and loads again on reload', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new ApiError(500, 'internal_error', 'boom'))
      .mockResolvedValue('mower');
    const { result } = renderHook(() => useAsync(load));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBeInstanceOf(ApiError);
    act(() => result.current.reload());
    expect(result.current.status).toBe('pending');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: 'mower' }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops an answer that arrives after a newer load', async () => {
    const first = deferred<string>();
    const load = vi.fn<() => Promise<string>>().mockReturnValueOnce(first.promise).mockResolvedValue('second');
    const { result } = renderHook(() => useAsync(load));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe('second'));
    await act(async () => first.resolve('first'));
    expect(result.current.data).toBe('second');
  });

  it('cancels the load when the screen goes, and neither shows nor reports its failure', async () => {
    const pending = deferred<string>();
    let signal: AbortSignal | undefined;
    const { unmount } = renderHook(() =>
      useAsync((given) => {
        signal = given;
        return pending.promise;
      }),
    );
    unmount();
    expect(signal?.aborted).toBe(true);
    await act(async () => pending.reject(new Error('late failure')));
    expect(reporter.captureException).not.toHaveBeenCalled();
  });

  it('waits for the network after an offline failure and loads again once it is back', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new NetworkError('offline'))
      .mockResolvedValue('online again');
    const { result } = renderHook(() => useAsync(load));
    await waitFor(() => expect(result.current.waitingForNetwork).toBe(true));
    act(() => setOnline(true));
    await waitFor(() =>
      expect(result.current).toMatchObject({ status: 'success', data: 'online again', waitingForNetwork: false }),
    );
  });

  it('reports a failure that is a defect, not one that is an expected outcome', async () => {
    const defect = new BridgeError('getMowerList', 'invalid-result', 'does not fit');
    const { result: failed } = renderHook(() => useAsync(() => Promise.reject(defect)));
    await waitFor(() => expect(failed.current.status).toBe('error'));
    expect(reporter.captureException).toHaveBeenCalledWith(defect);

    reporter.captureException.mockClear();
    for (const outcome of [
      new NetworkError('offline'),
      new ApiError(404, 'not_found', 'x'),
      new BridgeError('getMowerList', 'unavailable', 'no app'),
    ]) {
      const { result } = renderHook(() => useAsync(() => Promise.reject(outcome)));
      await waitFor(() => expect(result.current.status).toBe('error'));
    }
    expect(reporter.captureException).not.toHaveBeenCalled();
  });

  it('under <Activity>, keeps its answer when shown again, and loads what hiding cut off', async () => {
    const first = deferred<string>();
    const load = vi.fn<() => Promise<string>>().mockReturnValueOnce(first.promise).mockResolvedValue('mower');
    function Answer() {
      const answer = useAsync(load);
      return <p data-testid="answer">{answer.status === 'success' ? answer.data : answer.status}</p>;
    }
    const kept = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <Answer />
      </Activity>
    );
    const { rerender } = render(kept('visible'));
    // Hidden before its answer came: the answer is dropped and asked for again on showing.
    rerender(kept('hidden'));
    first.resolve('too late');
    rerender(kept('visible'));
    await waitFor(() => expect(screen.getByTestId('answer')).toHaveTextContent('mower'));
    expect(load).toHaveBeenCalledTimes(2);

    rerender(kept('hidden'));
    rerender(kept('visible'));
    expect(screen.getByTestId('answer')).toHaveTextContent('mower');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
