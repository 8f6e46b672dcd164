import { z } from 'zod';
import { defineApiRoutes } from '../api-route.ts';
import {
  FAULT_REASONS,
  MESSAGE_CATEGORIES,
  MESSAGE_FILTERS,
  MESSAGE_PAGE_MAX,
  MESSAGE_PAGE_SIZE,
  type MessageFilter,
} from '../messages.ts';

const none = z.object({});

/** Every message type and its parameters; the page has a text for each in every language. */
export const messageParams = {
  mowingStarted: none,
  mowingFinished: z.object({ areaSquareMetres: z.number(), minutes: z.number() }),
  returnedToStation: z.object({ reason: z.enum(['finished', 'lowBattery', 'rain', 'manual']) }),
  fault: z.object({ reason: z.enum(FAULT_REASONS) }),
  deviceOffline: none,
  deviceOnline: none,
  firmwareAvailable: z.object({ version: z.string() }),
  /** Due `dueInDays` days after the message came: a date relative to its creation, in the reader's calendar. */
  maintenance: z.object({ dueInDays: z.number() }),
  shareAccepted: z.object({ name: z.string() }),
  /** The account's first message, introducing the message centre. */
  welcome: none,
  /** Free text from an operator, shown as text only. */
  generic: z.object({ title: z.string(), body: z.string() }),
};

const common = {
  id: z.string(),
  category: z.enum(MESSAGE_CATEGORIES),
  severity: z.enum(['info', 'warning', 'critical']),
  /** The fault code the mower reported, for faults. */
  fault_code: z.string().nullable(),
  created_at: z.string(),
  /** How often it happened: a work-log event the mower repeats within minutes counts into one message. */
  occurrences: z.number(),
  /** When it last happened, if more than once. */
  last_occurred_at: z.string().nullable(),
  read: z.boolean(),
  /** The mower it is about; null for account-wide messages. Its name is untrusted text. */
  mower: z.object({ serial_number: z.string(), name: z.string() }).nullable(),
};

function variant<Type extends keyof typeof messageParams>(type: Type) {
  return z.object({ ...common, type: z.literal(type), params: messageParams[type] });
}

/** A message of the reader's, one shape per type. */
export const message = z.discriminatedUnion('type', [
  variant('mowingStarted'),
  variant('mowingFinished'),
  variant('returnedToStation'),
  variant('fault'),
  variant('deviceOffline'),
  variant('deviceOnline'),
  variant('firmwareAvailable'),
  variant('maintenance'),
  variant('shareAccepted'),
  variant('welcome'),
  variant('generic'),
]);

const filter = z.enum(MESSAGE_FILTERS as [MessageFilter, ...MessageFilter[]], {
  error: `one of ${MESSAGE_FILTERS.join(', ')}`,
});
const messageId = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a message id'),
});
const unread = z.record(filter, z.number());

/** The message centre's API (server/modules/messages): a reader's messages, unread counts and read state. */
export const messagesApi = defineApiRoutes('messages', {
  /** A page of the reader's messages, newest first; pass `next_cursor` back as `cursor` for the next. */
  listMessages: {
    method: 'GET',
    path: '/api/messages',
    query: z.object({
      category: filter.default('all'),
      window: z.enum(['recent', 'history'], { error: 'recent or history' }).default('recent'),
      cursor: z.string().max(200).optional(),
      limit: z.coerce
        .number({ error: 'must be a number' })
        .int()
        .min(1)
        .max(MESSAGE_PAGE_MAX)
        .default(MESSAGE_PAGE_SIZE),
    }),
    response: z.object({ messages: z.array(message), next_cursor: z.string().nullable() }),
  },
  unreadCounts: { method: 'GET', path: '/api/messages/unread-counts', response: z.object({ unread }) },
  /** One message; 404 `message_not_found` for one that is not the reader's. */
  getMessage: { method: 'GET', path: '/api/messages/:id', params: messageId, response: z.object({ message }) },
  /** Opening a message reads it; reading it twice changes nothing (204). */
  markMessageRead: { method: 'POST', path: '/api/messages/:id/read', params: messageId },
  /** Everything in `category` up to the newest message the reader has seen; later arrivals stay unread. */
  markAllRead: {
    method: 'POST',
    path: '/api/messages/mark-all-read',
    body: z.object({
      category: filter,
      up_to: z.iso.datetime({ offset: true, error: 'must be the created_at of a message' }),
    }),
    response: z.object({ marked: z.number(), unread }),
  },
});
