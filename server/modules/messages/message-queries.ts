import { randomUUID } from 'node:crypto';
import {
  MESSAGE_CATEGORIES,
  MESSAGE_WINDOW_DAYS,
  type MessageCategory,
  type MessageDto,
  type MessageFilter,
  type MessageParams,
  type MessageType,
  type Severity,
  type UnreadCounts,
} from '../../../common/messages.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { reusableRead } from '../../db/reusable-read.ts';

export interface NewMessage<T extends MessageType = MessageType> {
  id?: string;
  mowerSerial: string | null;
  category: MessageCategory;
  type: T;
  params: MessageParams[T];
  severity: Severity;
  faultCode?: string | null;
  createdAt?: Date;
}

/** The accounts that read a mower's messages: its owner and everyone it is shared with. */
async function readersOf(db: Db, mowerSerial: string): Promise<string[]> {
  const [owner, shares] = await Promise.all([
    db.selectFrom('mowers').select('owner_id').where('serial_number', '=', mowerSerial).executeTakeFirst(),
    db.selectFrom('mower_shares').select('account_id').where('mower_serial', '=', mowerSerial).execute(),
  ]);
  return [...(owner ? [owner.owner_id] : []), ...shares.map((share) => share.account_id)];
}

/**
 * A work-log event (started, finished, back at the station) that the same mower repeats within this time after
 * its message's first one counts into that message instead of adding another: a flood of start and dock commands
 * is one unread message per kind of event a quarter of an hour, not one per command.
 */
export const FOLD_WINDOW_MS = 15 * 60_000;

/**
 * Counts `message` into the mower's message of the same event (type and parameters) from the last FOLD_WINDOW_MS,
 * unread again for its readers, since it happened again; the message keeps its place in the lists (its first
 * time), so that pages being scrolled neither skip nor repeat it. Its id, or undefined when there is none to fold into.
 */
async function foldRepeat(
  db: Db,
  message: NewMessage & { mowerSerial: string },
  occurredAt: string,
): Promise<string | undefined> {
  const since = new Date(Date.parse(occurredAt) - FOLD_WINDOW_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const earlier = await trx
      .selectFrom('messages')
      .select('id')
      .where('mower_serial', '=', message.mowerSerial)
      .where('type', '=', message.type)
      .where('created_at', '>=', since)
      .where('created_at', '<=', occurredAt)
      .where('params', '=', JSON.stringify(message.params))
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!earlier) return undefined;
    await trx
      .updateTable('messages')
      .set({ occurrences: sql`occurrences + 1`, last_occurred_at: occurredAt })
      .where('id', '=', earlier.id)
      .execute();
    await trx.updateTable('message_inbox').set({ read_at: null }).where('message_id', '=', earlier.id).execute();
    return earlier.id;
  });
}

/** Stores a message and delivers it to its readers (for an account-wide message: `accountIds`). */
export async function postMessage(db: Db, message: NewMessage, accountIds: readonly string[] = []): Promise<string> {
  const createdAt = (message.createdAt ?? new Date()).toISOString();
  if (message.category === 'workLog' && message.mowerSerial !== null && message.id === undefined) {
    const folded = await foldRepeat(db, { ...message, mowerSerial: message.mowerSerial }, createdAt);
    if (folded) return folded;
  }
  const id = message.id ?? randomUUID();
  const readers = message.mowerSerial ? await readersOf(db, message.mowerSerial) : [...accountIds];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('messages')
      .values({
        id,
        mower_serial: message.mowerSerial,
        category: message.category,
        type: message.type,
        params: JSON.stringify(message.params),
        severity: message.severity,
        fault_code: message.faultCode ?? null,
        created_at: createdAt,
      })
      .execute();
    if (readers.length) {
      await trx
        .insertInto('message_inbox')
        .values(
          readers.map((accountId) => ({
            account_id: accountId,
            message_id: id,
            category: message.category,
            created_at: createdAt,
            read_at: null,
          })),
        )
        .execute();
    }
  });
  return id;
}

export const windowStart = (now: Date) =>
  new Date(now.getTime() - MESSAGE_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();

/** A position in a list, newest first: the last message seen. Opaque to clients. */
export interface Cursor {
  createdAt: string;
  id: string;
}

export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');

export function decodeCursor(text: string): Cursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [createdAt, id] = value as unknown[];
    if (
      typeof createdAt !== 'string' ||
      typeof id !== 'string' ||
      Number.isNaN(Date.parse(createdAt)) ||
      id.length > 64
    )
      return undefined;
    return { createdAt, id };
  } catch {
    return undefined;
  }
}

/** A reader's messages with what a list item shows. */
function readerMessages(db: Db, accountId: string) {
  return db
    .selectFrom('message_inbox as inbox')
    .innerJoin('messages', 'messages.id', 'inbox.message_id')
    .leftJoin('mowers', 'mowers.serial_number', 'messages.mower_serial')
    .select([
      'messages.id',
      'messages.category',
      'messages.type',
      'messages.params',
      'messages.severity',
      'messages.fault_code',
      'messages.created_at',
      'messages.occurrences',
      'messages.last_occurred_at',
      'messages.mower_serial',
      'mowers.name as mower_name',
      'inbox.read_at',
    ])
    .where('inbox.account_id', '=', accountId);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof readerMessages>['executeTakeFirstOrThrow']>>;

function toDto(row: MessageRow): MessageDto {
  return {
    id: row.id,
    category: row.category as MessageCategory,
    type: row.type as MessageType,
    params: JSON.parse(row.params) as never,
    severity: row.severity as Severity,
    fault_code: row.fault_code,
    created_at: row.created_at,
    occurrences: Number(row.occurrences),
    last_occurred_at: row.last_occurred_at,
    read: row.read_at !== null,
    mower: row.mower_serial ? { serial_number: row.mower_serial, name: row.mower_name ?? row.mower_serial } : null,
  } as MessageDto;
}

/**
 * One page of a reader's messages, newest first. Keyset pagination on (created_at, id): a message that arrives
 * while the reader scrolls is newer than every cursor, so pages never skip or repeat one.
 */
export async function listMessages(
  db: Db,
  {
    accountId,
    filter,
    window,
    cursor,
    limit,
    now,
  }: {
    accountId: string;
    filter: MessageFilter;
    window: 'recent' | 'history';
    cursor?: Cursor | undefined;
    limit: number;
    now: Date;
  },
): Promise<{ messages: MessageDto[]; next: Cursor | null }> {
  const size = Math.trunc(limit);
  const read = pageRead(window, filter !== 'all', cursor !== undefined, size);
  const rows = await read(
    db,
    accountId,
    windowStart(now),
    ...(filter === 'all' ? [] : [filter]),
    ...(cursor ? [cursor.createdAt, cursor.id] : []),
  );
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    messages: page.map(toDto),
    next: rows.length > size && last ? { createdAt: last.created_at, id: last.id } : null,
  };
}

/**
 * The read of one kind of page (window, one category or all, first page or after a cursor, page size), built once
 * (docs/decisions/020-reusable-reads.md): the list is read on every visit of the message centre. Its values, in
 * order: the account, the window's start, then the category and the cursor's time and id when the kind has them.
 * At most 400 kinds (page sizes 1 to 50).
 */
const pageReads = new Map<string, (db: Db, ...values: string[]) => Promise<MessageRow[]>>();

function pageRead(window: 'recent' | 'history', oneCategory: boolean, afterCursor: boolean, size: number) {
  const kind = `${window} ${oneCategory} ${afterCursor} ${size}`;
  let read = pageReads.get(kind);
  if (!read) {
    read = reusableRead((db: Db, ...values: string[]) => {
      const [accountId = '', since = '', ...rest] = values;
      const [category = ''] = oneCategory ? rest : [];
      const [cursorAt = '', cursorId = ''] = oneCategory ? rest.slice(1) : rest;
      let query = readerMessages(db, accountId).where('inbox.created_at', window === 'recent' ? '>=' : '<', since);
      if (oneCategory) query = query.where('inbox.category', '=', category);
      if (afterCursor) {
        query = query.where((eb) =>
          eb.or([
            eb('inbox.created_at', '<', cursorAt),
            eb.and([eb('inbox.created_at', '=', cursorAt), eb('inbox.message_id', '<', cursorId)]),
          ]),
        );
      }
      // The page size as a literal: as a parameter, PostgreSQL cannot cost a generic plan for the prepared query and
      // plans it anew on every call (one more row tells whether there is a next page).
      return query
        .orderBy('inbox.created_at', 'desc')
        .orderBy('inbox.message_id', 'desc')
        .limit(sql.lit(size + 1));
    });
    pageReads.set(kind, read);
  }
  return read;
}

export async function findMessage(db: Db, accountId: string, id: string): Promise<MessageDto | undefined> {
  const row = await readerMessages(db, accountId).where('inbox.message_id', '=', id).executeTakeFirst();
  return row && toDto(row);
}

// Built once, as the list (`pageRead`): read on every visit of the message centre.
const unreadRows = reusableRead((db: Db, accountId: string, since: string) =>
  db
    .selectFrom('message_inbox')
    .select(['category', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null)
    .where('created_at', '>=', since)
    .groupBy('category'),
);

/** Unread messages of the last 30 days per category, and in all. */
export async function unreadCounts(db: Db, accountId: string, now: Date): Promise<UnreadCounts> {
  const rows = await unreadRows(db, accountId, windowStart(now));
  const counts = Object.fromEntries([
    ['all', 0],
    ...MESSAGE_CATEGORIES.map((category) => [category, 0]),
  ]) as UnreadCounts;
  for (const row of rows) {
    const count = Number(row.count);
    if ((MESSAGE_CATEGORIES as readonly string[]).includes(row.category))
      counts[row.category as MessageCategory] = count;
    counts.all += count;
  }
  return counts;
}

/** Marks one message read for its reader; returns whether the reader has it. Reading twice changes nothing. */
export async function markRead(db: Db, accountId: string, id: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('message_inbox')
    .select('read_at')
    .where('account_id', '=', accountId)
    .where('message_id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  if (row.read_at === null) {
    await db
      .updateTable('message_inbox')
      .set({ read_at: now.toISOString() })
      .where('account_id', '=', accountId)
      .where('message_id', '=', id)
      .where('read_at', 'is', null)
      .execute();
  }
  return true;
}

/** Marks read everything unread in `filter` up to `upTo`; a message that arrives meanwhile is newer and stays unread. */
export async function markAllRead(
  db: Db,
  accountId: string,
  filter: MessageFilter,
  upTo: string,
  now: Date,
): Promise<number> {
  let query = db
    .updateTable('message_inbox')
    .set({ read_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null)
    .where('created_at', '<=', upTo);
  if (filter !== 'all') query = query.where('category', '=', filter);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
