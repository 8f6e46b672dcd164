import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { Activity } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { captureReports } from '../testing/captured-reports.ts';
import { ApiError, NetworkError } from './api-client.ts';
import { type ListPage, usePagedList } from './use-paged-list.ts';

const reporter = captureReports();

/** Three pages of two items, read by cursor; a cursor listed in `failing` fails once. */
function pages(failing: (string | null)[] = []) {
  const book: Record<string, ListPage<string>> = {
    first: { items: ['m1', 'm2'], nextCursor: 'p2' },
    p2: { items: ['m3', 'm4'], nextCursor: 'p3' },
    p3: { items: ['m5'], nextCursor: null },
  };
  return vi.fn(async (cursor: string | null) => {
    const index = failing.indexOf(cursor);
    if (index >= 0) {
      failing.splice(index, 1);
      throw new ApiError(503, 'unavailable', 'try later');
    }
    return book[cursor ?? 'first']!;
  });
}

describe('usePagedList', () => {
  it('loads the first page, then each next one, until the last', async () => {
    const load = pages();
    const { result } = renderHook(() => usePagedList(load));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'idle', items: ['m1', 'm2'] }));
    act(() => result.current.loadMore());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.items).toEqual(['m1', 'm2', 'm3', 'm4']));
    act(() => result.current.loadMore());
    await waitFor(() =>
      expect(result.current).toMatchObject({ status: 'done', items: ['m1', 'm2', 'm3', 'm4', 'm5'] }),
    );
    act(() => result.current.loadMore());
    expect(load.mock.calls.map(([cursor]) => cursor)).toEqual([null, 'p2', 'p3']);
  });

  it('starts from a first page it is given: shows it at once and loads the next one first', async () => {
    const load = pages();
    const { result } = renderHook(() => usePagedList(load, { items: ['m1', 'm2'], nextCursor: 'p2' }));
    expect(result.current).toMatchObject({ status: 'idle', items: ['m1', 'm2'] });
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual(['m1', 'm2', 'm3', 'm4']));
    expect(load.mock.calls.map(([cursor]) => cursor)).toEqual(['p2']);
  });

  it('given a last page, is done without a request; reload still starts from the first page', async () => {
    const load = pages();
    const { result } = renderHook(() => usePagedList(load, { items: ['m9'], nextCursor: null }));
    expect(result.current).toMatchObject({ status: 'done', items: ['m9'] });
    act(() => result.current.loadMore());
    expect(load).not.toHaveBeenCalled();
    act(() => result.current.reload());
    await waitFor(() => expect(result.current).toMatchObject({ status: 'idle', items: ['m1', 'm2'] }));
    expect(load.mock.calls.map(([cursor]) => cursor)).toEqual([null]);
  });

  it('asks for a page once however often it is asked for while it loads', async () => {
    const load = pages();
    const { result } = renderHook(() => usePagedList(load));
    await waitFor(() => expect(result.current.status).toBe('idle'));
    act(() => {
      result.current.loadMore();
      result.current.loadMore();
    });
    await waitFor(() => expect(result.current.items).toHaveLength(4));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps what it has after a failed page, reports the defect, and asks again for the same page', async () => {
    const load = pages(['p2']);
    const { result } = renderHook(() => usePagedList(load));
    await waitFor(() => expect(result.current.status).toBe('idle'));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.items).toEqual(['m1', 'm2']);
    expect(reporter.captureException).toHaveBeenCalledWith(expect.objectContaining({ status: 503 }));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toEqual(['m1', 'm2', 'm3', 'm4']));
    expect(load.mock.calls.map(([cursor]) => cursor)).toEqual([null, 'p2', 'p2']);
  });

  it('does not report a page lost to a dropped connection', async () => {
    const { result } = renderHook(() => usePagedList(() => Promise.reject(new NetworkError('offline'))));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(reporter.captureException).not.toHaveBeenCalled();
  });

  it('starts again from the first page on reload', async () => {
    const load = pages();
    const { result } = renderHook(() => usePagedList(load));
    await waitFor(() => expect(result.current.status).toBe('idle'));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(4));
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ status: 'loading', items: [] });
    await waitFor(() => expect(result.current.items).toEqual(['m1', 'm2']));
    expect(load.mock.calls.at(-1)![0]).toBeNull();
  });

  it('under <Activity>, keeps its pages while hidden and shown again, and finishes a page that hiding cut off', async () => {
    const load = pages();
    function Items() {
      const list = usePagedList(load);
      return (
        <p data-testid="items" data-status={list.status} onClick={list.loadMore}>
          {list.items.join(' ')}
        </p>
      );
    }
    const kept = (mode: 'visible' | 'hidden') => (
      <Activity mode={mode}>
        <Items />
      </Activity>
    );
    const { rerender } = render(kept('visible'));
    await waitFor(() => expect(screen.getByTestId('items')).toHaveAttribute('data-status', 'idle'));

    rerender(kept('hidden'));
    rerender(kept('visible'));
    await waitFor(() => expect(screen.getByTestId('items')).toHaveAttribute('data-status', 'idle'));
    expect(screen.getByTestId('items')).toHaveTextContent(/^m1 m2$/);
    expect(load).toHaveBeenCalledTimes(1);

    act(() => screen.getByTestId('items').click());
    rerender(kept('hidden'));
    rerender(kept('visible'));
    await waitFor(() => expect(screen.getByTestId('items')).toHaveTextContent(/^m1 m2 m3 m4$/));
    expect(load.mock.calls.map(([cursor]) => cursor)).toEqual([null, 'p2', 'p2']);
  });
});
