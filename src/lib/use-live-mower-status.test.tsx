import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MowerStatusDto } from '../../common/fleet.ts';
import { installFakeBridge } from '../testing/fake-bridge.ts';
import { refreshAccessToken } from './session.ts';
import { useLiveMowerStatus } from './use-live-mower-status.ts';

/** A stand-in for the browser's EventSource: the test plays the server's events and breaks. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
  static get open() {
    return FakeEventSource.opened.filter((source) => !source.closed);
  }
}

const status = (change: Partial<MowerStatusDto> = {}): MowerStatusDto => ({
  serial_number: 'NVM-1',
  state: 'docked',
  online: true,
  battery_percent: 80,
  charging: true,
  error_reason: null,
  winter_mode: false,
  mowing_seconds: 0,
  updated_at: '2026-06-01T08:00:00.000Z',
  ...change,
});

const fetchMock = vi.fn<typeof fetch>();
let tickets = 0;
let hidden = false;

beforeEach(async () => {
  FakeEventSource.opened = [];
  tickets = 0;
  hidden = false;
  vi.stubGlobal('EventSource', FakeEventSource);
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) =>
    String(url).endsWith('/live-tickets')
      ? Response.json({ ticket: `ticket-${++tickets}`, expires_in: 30 }, { status: 201 })
      : Response.json({}, { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  installFakeBridge({
    getCommonAppData: () => ({
      code: 0,
      data: { vehicle_sn: 'NVM-1', email: 'demo@navimow.example', client_ver: '3.0.200', access_token: 'app-token' },
    }),
  });
  await refreshAccessToken();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete window.NavimowBridge;
});

const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
/** The stream module loads on demand: waits until this many streams were opened. */
const opened = (count: number) => waitFor(() => expect(FakeEventSource.opened).toHaveLength(count));

describe('useLiveMowerStatus', () => {
  it("opens the stream with a ticket taken with the app's token, never the token in the URL, and follows its events", async () => {
    const { result } = renderHook(() => useLiveMowerStatus('NVM-1'));
    await opened(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/mowers/NVM-1/live-tickets');
    expect(init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer app-token' } });
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/mowers/NVM-1/live?ticket=ticket-1']);
    expect(result.current).toBeUndefined();

    act(() => FakeEventSource.opened[0]!.emit('status', JSON.stringify(status({ battery_percent: 81 }))));
    expect(result.current).toMatchObject({ battery_percent: 81 });
    act(() =>
      FakeEventSource.opened[0]!.emit('status', JSON.stringify(status({ state: 'error', error_reason: 'lifted' }))),
    );
    expect(result.current).toMatchObject({ state: 'error', error_reason: 'lifted' });
  });

  it('ignores what is not a status of this mower', async () => {
    const { result } = renderHook(() => useLiveMowerStatus('NVM-1'));
    await opened(1);
    const source = FakeEventSource.opened[0]!;
    act(() => {
      source.emit('status', '<img src=x onerror=alert(1)>');
      source.emit('status', JSON.stringify(status({ serial_number: 'NVM-2' })));
      source.emit('status', JSON.stringify({ ...status(), battery_percent: 900 }));
      source.emit('status', JSON.stringify({ ...status(), state: 'exploded' }));
    });
    expect(result.current).toBeUndefined();
  });

  it('holds no connection while the page is hidden or the screen gone, and reopens with a new ticket', async () => {
    const { unmount } = renderHook(() => useLiveMowerStatus('NVM-1'));
    await opened(1);
    expect(FakeEventSource.open).toHaveLength(1);

    hidden = true;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeEventSource.open).toHaveLength(0);

    hidden = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await opened(2);
    expect(FakeEventSource.open.map((source) => source.url)).toEqual(['/api/mowers/NVM-1/live?ticket=ticket-2']);

    unmount();
    expect(FakeEventSource.open).toHaveLength(0);
  });

  it('takes a new ticket after the stream breaks, after a pause', async () => {
    renderHook(() => useLiveMowerStatus('NVM-1'));
    await opened(1);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => FakeEventSource.opened[0]!.onerror!());
    expect(FakeEventSource.open).toHaveLength(0);
    await act(async () => void (await vi.advanceTimersByTimeAsync(999)));
    expect(FakeEventSource.opened).toHaveLength(1);
    await act(async () => void (await vi.advanceTimersByTimeAsync(10)));
    expect(FakeEventSource.open.map((source) => source.url)).toEqual(['/api/mowers/NVM-1/live?ticket=ticket-2']);
  });

  it('opens nothing without a mower, and gives up on a mower that is not on the account', async () => {
    renderHook(() => useLiveMowerStatus(undefined));
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockImplementation(async () =>
      Response.json({ error: { code: 'mower_not_found', message: 'x' } }, { status: 404 }),
    );
    renderHook(() => useLiveMowerStatus('NVM-9'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => void (await vi.advanceTimersByTimeAsync(60_000)));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
