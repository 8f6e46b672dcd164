import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { getUnreadCounts } from './api/get-unread-counts.ts';
import { markRead } from './api/mark-read.ts';
import {
  isRead,
  markedAllRead,
  readMessage,
  refreshUnreadCounts,
  resetMessageStore,
  setUnreadCounts,
  useMessageState,
} from './message-store.ts';
import { ago, counts, testMessage } from './test-messages.ts';

vi.mock('./api/mark-read.ts', () => ({ markRead: vi.fn() }));
vi.mock('./api/get-unread-counts.ts', () => ({ getUnreadCounts: vi.fn() }));

const state = () => renderHook(() => useMessageState()).result;

beforeEach(() => {
  resetMessageStore();
  vi.mocked(markRead).mockReset().mockResolvedValue(undefined);
  vi.mocked(getUnreadCounts).mockReset();
});

describe('the message store', () => {
  it('reads a message once: on screen at once, on the server once, one less unread in its tab and in all', async () => {
    const result = state();
    act(() => setUnreadCounts(counts({ all: 3, important: 2, device: 1 })));
    const fault = testMessage('fault', { reason: 'stuck' }, { category: 'important' });

    await act(() => readMessage(fault));
    await act(() => readMessage(fault));
    expect(markRead).toHaveBeenCalledTimes(1);
    expect(markRead).toHaveBeenCalledWith(fault.id);
    expect(isRead(fault, result.current)).toBe(true);
    expect(result.current.unread).toEqual(counts({ all: 2, important: 1, device: 1 }));
  });

  it('leaves the counts alone for a message already read or older than 30 days, which they do not count', async () => {
    const result = state();
    act(() => setUnreadCounts(counts({ all: 1, workLog: 1 })));
    await act(() => readMessage(testMessage('mowingStarted', {}, { read: true })));
    await act(() => readMessage(testMessage('mowingStarted', {}, { created_at: ago.days(40) })));
    expect(markRead).toHaveBeenCalledTimes(1);
    expect(result.current.unread).toEqual(counts({ all: 1, workLog: 1 }));
  });

  it('shows the message unread again when the server could not be told', async () => {
    const result = state();
    act(() => setUnreadCounts(counts({ all: 1, workLog: 1 })));
    vi.mocked(markRead).mockRejectedValueOnce(new ApiError(503, 'unavailable', 'try later'));
    const message = testMessage('mowingStarted', {});
    await act(() => expect(readMessage(message)).rejects.toThrow('try later'));
    expect(isRead(message, result.current)).toBe(false);
    expect(result.current.unread).toEqual(counts({ all: 1, workLog: 1 }));
  });

  it('asks for the counts only after a read under way has reached the server', async () => {
    let finishRead: () => void = () => undefined;
    vi.mocked(markRead).mockReturnValue(new Promise((resolve) => (finishRead = () => resolve(undefined))));
    vi.mocked(getUnreadCounts).mockResolvedValue(counts());
    const read = readMessage(testMessage('mowingStarted', {}));
    const refreshed = refreshUnreadCounts();
    await Promise.resolve();
    expect(getUnreadCounts).not.toHaveBeenCalled();
    finishRead();
    await Promise.all([read, refreshed]);
    expect(getUnreadCounts).toHaveBeenCalledTimes(1);
  });

  it('marks read what "Mark all read" covered: its tab, up to the newest message seen', () => {
    const result = state();
    const newest = ago.hours(2);
    act(() => markedAllRead('important', newest, counts()));
    expect(
      isRead(
        testMessage('fault', { reason: 'stuck' }, { category: 'important', created_at: ago.hours(3) }),
        result.current,
      ),
    ).toBe(true);
    expect(
      isRead(testMessage('fault', { reason: 'stuck' }, { category: 'important', created_at: newest }), result.current),
    ).toBe(true);
    // Arrived after the reader looked, or in another tab: still unread.
    expect(
      isRead(
        testMessage('fault', { reason: 'stuck' }, { category: 'important', created_at: ago.hours(1) }),
        result.current,
      ),
    ).toBe(false);
    expect(
      isRead(testMessage('mowingStarted', {}, { category: 'workLog', created_at: ago.hours(3) }), result.current),
    ).toBe(false);

    act(() => markedAllRead('all', newest, counts()));
    expect(
      isRead(testMessage('mowingStarted', {}, { category: 'workLog', created_at: ago.hours(3) }), result.current),
    ).toBe(true);
  });
});
