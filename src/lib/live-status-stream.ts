import { MOWER_STATES, type MowerStatusDto } from '../../common/fleet.ts';
import { createLiveTicket, liveStatus } from 'virtual:api-endpoints';
import { ApiError, apiUrl, callApi } from './api-client.ts';

/** Waits before opening the stream again after it broke: growing, so that a server in trouble is not hammered. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** The stream's data is the server's, but still checked before a screen shows it. */
function parseStatus(data: string, serial: string): MowerStatusDto | undefined {
  try {
    const value = JSON.parse(data) as Partial<MowerStatusDto>;
    const valid =
      value.serial_number === serial &&
      MOWER_STATES.includes(value.state as MowerStatusDto['state']) &&
      typeof value.online === 'boolean' &&
      typeof value.charging === 'boolean' &&
      typeof value.winter_mode === 'boolean' &&
      Number.isInteger(value.battery_percent) &&
      value.battery_percent! >= 0 &&
      value.battery_percent! <= 100 &&
      (value.error_reason === null || typeof value.error_reason === 'string');
    return valid ? (value as MowerStatusDto) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Watches one mower's status as the server pushes it (Server-Sent Events from `GET /api/mowers/:serial/live`), never
 * polled. The stream opens with a single-use ticket from `POST /api/mowers/:serial/live-tickets` (EventSource sends
 * no Authorization header, and the bearer token never goes into a URL); it is closed while the page is hidden and
 * reopens with a new ticket after a break or when the page shows again. Answers the function that stops it all.
 * Loaded on demand by `useLiveMowerStatus`, so that pages without live state never download it.
 */
export function watchMowerStatus(serial: string, onStatus: (status: MowerStatusDto) => void): () => void {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let opening = false;
  let attempt = 0;
  let stopped = false;

  const close = () => {
    source?.close();
    source = undefined;
    clearTimeout(timer);
    timer = undefined;
  };
  const retry = () => {
    if (stopped || document.hidden || timer) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        void open();
      },
      RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)],
    );
  };
  const open = async () => {
    if (stopped || document.hidden || source || opening) return;
    opening = true;
    try {
      const params = { serial };
      const { ticket } = await callApi(createLiveTicket, { params, auth: true });
      if (stopped || document.hidden) return;
      const stream = new EventSource(apiUrl(liveStatus, { params, query: { ticket } }));
      source = stream;
      stream.addEventListener('status', (event) => {
        const value = parseStatus((event as MessageEvent<string>).data, serial);
        if (!value) return;
        attempt = 0;
        onStatus(value);
      });
      // The ticket is spent: EventSource's own reconnection would be refused, so a new ticket it is.
      stream.onerror = () => {
        if (source !== stream) return;
        close();
        retry();
      };
    } catch (error) {
      // No such mower on this account, or signed out: nothing to retry.
      if (!(error instanceof ApiError && error.expected && error.status !== 429)) retry();
    } finally {
      opening = false;
    }
  };
  const onVisibility = () => {
    if (document.hidden) close();
    else {
      attempt = 0;
      void open();
    }
  };

  document.addEventListener('visibilitychange', onVisibility);
  void open();
  return () => {
    stopped = true;
    close();
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
