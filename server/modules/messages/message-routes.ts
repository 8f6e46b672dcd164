import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGE_FILTERS,
  MESSAGE_PAGE_MAX,
  MESSAGE_PAGE_SIZE,
  type MessageFilter,
  type MessagePage,
  type UnreadCounts,
} from '../../../common/messages.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { CallerRoutesOptions } from '../accounts/public.ts';
import {
  decodeCursor,
  encodeCursor,
  findMessage,
  listMessages,
  markAllRead,
  markRead,
  unreadCounts,
} from './message-queries.ts';

const filter = z.enum(MESSAGE_FILTERS as [MessageFilter, ...MessageFilter[]], {
  error: `one of ${MESSAGE_FILTERS.join(', ')}`,
});
const messageId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a message id');
const notFound = () => new HttpError(404, 'message_not_found', 'There is no such message for this account.');

const pageQuery = z.object({
  category: filter.default('all'),
  window: z.enum(['recent', 'history'], { error: 'recent or history' }).default('recent'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
});

/** One page of an account's messages, as GET /api/messages answers it. */
async function readPage(
  db: Db,
  accountId: string,
  { category, window, cursor: cursorText, limit }: z.infer<typeof pageQuery>,
  now: Date,
): Promise<MessagePage> {
  const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText);
  if (cursorText !== undefined && !cursor)
    throw new HttpError(
      400,
      'invalid_request',
      'querystring.cursor: not a cursor this API gave out',
      'querystring.cursor',
    );
  const page = await listMessages(db, { accountId, filter: category, window, cursor, limit, now });
  return { messages: page.messages, next_cursor: page.next && encodeCursor(page.next) };
}

/** The message centre's API: a reader's messages, unread counts and read state (first-party sessions only). */
export const messageRoutes: FastifyPluginAsyncZod<CallerRoutesOptions> = async (app, { db, requireCaller }) => {
  app.get(
    '/',
    {
      schema: { querystring: pageQuery },
    },
    async (request): Promise<MessagePage> => {
      const caller = await requireCaller(request, 'account');
      return readPage(db, caller.accountId, request.query, new Date());
    },
  );

  app.get('/unread-counts', async (request): Promise<{ unread: UnreadCounts }> => {
    const caller = await requireCaller(request, 'account');
    return { unread: await unreadCounts(db, caller.accountId, new Date()) };
  });

  app.get('/:id', { schema: { params: z.object({ id: messageId }) } }, async (request) => {
    const caller = await requireCaller(request, 'account');
    const message = await findMessage(db, caller.accountId, request.params.id);
    if (!message) throw notFound();
    return { message };
  });

  /** Opening a message reads it; reading it twice changes nothing. */
  app.post('/:id/read', { schema: { params: z.object({ id: messageId }) } }, async (request, reply) => {
    const caller = await requireCaller(request, 'account');
    if (!(await markRead(db, caller.accountId, request.params.id, new Date()))) throw notFound();
    return reply.code(204).send();
  });

  app.post(
    '/mark-all-read',
    {
      schema: {
        body: z.object({
          category: filter,
          up_to: z.iso.datetime({ offset: true, error: 'must be the created_at of a message' }),
        }),
      },
    },
    async (request): Promise<{ marked: number; unread: UnreadCounts }> => {
      const caller = await requireCaller(request, 'account');
      const now = new Date();
      const upTo = new Date(request.body.up_to).toISOString();
      const marked = await markAllRead(db, caller.accountId, request.body.category, upTo, now);
      return { marked, unread: await unreadCounts(db, caller.accountId, now) };
    },
  );
};
