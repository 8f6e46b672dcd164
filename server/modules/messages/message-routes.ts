import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { messagesApi } from '../../../common/api/messages.ts';
import type { MessagePage } from '../../../common/messages.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import { serveApi } from '../../http/serve-api.ts';
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

const notFound = () => new HttpError(404, 'message_not_found', 'There is no such message for this account.');

/** One page of an account's messages, as GET /api/messages answers it. */
async function readPage(
  db: Db,
  accountId: string,
  { category, window, cursor: cursorText, limit }: z.output<(typeof messagesApi)['routes']['listMessages']['query']>,
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
export function messageRoutes(app: FastifyInstance, { db, requireCaller }: CallerRoutesOptions): void {
  serveApi(app, messagesApi, {
    listMessages: async (request) => {
      const caller = await requireCaller(request, 'account');
      return readPage(db, caller.accountId, request.query, new Date());
    },

    unreadCounts: async (request) => {
      const caller = await requireCaller(request, 'account');
      return { unread: await unreadCounts(db, caller.accountId, new Date()) };
    },

    getMessage: async (request) => {
      const caller = await requireCaller(request, 'account');
      const message = await findMessage(db, caller.accountId, request.params.id);
      if (!message) throw notFound();
      return { message };
    },

    /** Opening a message reads it; reading it twice changes nothing. */
    markMessageRead: async (request, reply) => {
      const caller = await requireCaller(request, 'account');
      if (!(await markRead(db, caller.accountId, request.params.id, new Date()))) throw notFound();
      return reply.code(204).send();
    },

    markAllRead: async (request) => {
      const caller = await requireCaller(request, 'account');
      const now = new Date();
      const upTo = new Date(request.body.up_to).toISOString();
      const marked = await markAllRead(db, caller.accountId, request.body.category, upTo, now);
      return { marked, unread: await unreadCounts(db, caller.accountId, now) };
    },
  });
}
