import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { captureReports } from '../testing/captured-reports.ts';
import { ApiError } from './api-client.ts';
import { useConfirmedAction } from './use-confirmed-action.ts';

captureReports();

const refused = () => new ApiError(502, 'amazon_failed', 'Amazon did not answer');

describe('useConfirmedAction', () => {
  it('numbers failures in a row, so that each one is announced again, and keeps the failure while the retry runs', async () => {
    let finish!: (error?: Error) => void;
    const action = vi.fn(
      () => new Promise<void>((resolve, reject) => (finish = (error) => (error ? reject(error) : resolve()))),
    );
    const { result } = renderHook(() => useConfirmedAction(action, () => 'failed' as const));
    expect(result.current.outcome).toBeUndefined();

    act(() => result.current.act());
    await act(async () => finish(refused()));
    expect(result.current.outcome).toEqual({ status: 'failure', failure: 'failed', attempt: 1 });

    act(() => result.current.act());
    expect(result.current.pending).toBe(true);
    expect(result.current.outcome).toEqual({ status: 'failure', failure: 'failed', attempt: 1 });
    await act(async () => finish(refused()));
    expect(result.current.outcome).toEqual({ status: 'failure', failure: 'failed', attempt: 2 });

    act(() => result.current.act());
    await act(async () => finish());
    expect(result.current.outcome).toEqual({ status: 'success' });
    expect(action).toHaveBeenCalledTimes(3);
  });

  it('acts once for a double tap', async () => {
    let finish!: () => void;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useConfirmedAction(action, () => 'failed'));
    act(() => {
      result.current.act();
      result.current.act();
    });
    await act(async () => finish());
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.pending).toBe(false);
  });

  it('asks first: cancelling acts on nothing, confirming acts once with what was asked about', async () => {
    const action = vi.fn(async (_choice: 'accept' | 'reject') => undefined);
    const { result } = renderHook(() => useConfirmedAction(action, () => 'failed'));

    act(() => result.current.ask('reject'));
    expect(result.current.dialog.open).toBe(true);
    act(() => result.current.dialog.onCancel());
    expect(result.current.dialog.open).toBe(false);
    expect(action).not.toHaveBeenCalled();

    act(() => result.current.ask('reject'));
    await act(async () => result.current.dialog.onConfirm());
    expect(result.current.dialog.open).toBe(false);
    expect(action).toHaveBeenCalledExactlyOnceWith('reject');
    expect(result.current.outcome).toEqual({ status: 'success' });
  });

  it('shows no failure the caller has taken elsewhere, nor the one before it; reset goes back to the start', async () => {
    const action = vi.fn<(choice: string) => Promise<void>>().mockRejectedValue(refused());
    const { result } = renderHook(() =>
      useConfirmedAction(action, (_error, choice) => (choice === 'elsewhere' ? undefined : choice)),
    );
    await act(async () => result.current.act('shown'));
    expect(result.current.outcome).toEqual({ status: 'failure', failure: 'shown', attempt: 1 });
    await act(async () => result.current.act('elsewhere'));
    expect(result.current.outcome).toBeUndefined();

    await act(async () => result.current.act('shown'));
    act(() => result.current.reset());
    expect(result.current.outcome).toBeUndefined();
  });
});
