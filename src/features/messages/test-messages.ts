import type { MessageDto, MessageParams, MessageType, UnreadCounts } from '../../../common/messages.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
export const ago = {
  hours: (n: number) => new Date(Date.now() - n * HOUR).toISOString(),
  days: (n: number) => new Date(Date.now() - n * DAY).toISOString(),
};

/** A message as the API sends it, for tests: the front lawn's, unread, an hour old, unless told otherwise. */
export function testMessage<T extends MessageType>(
  type: T,
  params: MessageParams[T],
  overrides: Partial<Omit<MessageDto, 'type' | 'params'>> = {},
): MessageDto {
  return {
    id: `msg-${type}-${Math.random().toString(36).slice(2, 8)}`,
    category: 'workLog',
    type,
    params,
    severity: 'info',
    fault_code: null,
    created_at: ago.hours(1),
    occurrences: 1,
    last_occurred_at: null,
    read: false,
    mower: { serial_number: 'NVM-TEST-0001', name: 'Front lawn' },
    ...overrides,
  } as MessageDto;
}

export function counts(values: Partial<UnreadCounts> = {}): UnreadCounts {
  return { all: 0, important: 0, workLog: 0, notification: 0, system: 0, device: 0, ...values };
}
