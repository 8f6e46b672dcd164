import { inBatches } from '../../db/batched-sweep.ts';
import type { Db } from '../../db/database.ts';

/** How long a reader's copy of a message is kept after the message came, read and unread (server/config.ts). */
export interface MessageRetention {
  readDays: number;
  unreadDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The hourly sweep of old messages (server/main.ts), in batches (server/db/batched-sweep.ts). The message centre
 * shows the last 30 days and, in History, what is older: a copy the reader has read is kept `readDays`, an unread
 * one `unreadDays`, both more than 30 days. A message goes once no reader keeps a copy.
 */
export async function sweepOldMessages(
  db: Db,
  { readDays, unreadDays }: MessageRetention,
  now = new Date(),
): Promise<void> {
  const readBefore = new Date(now.getTime() - readDays * DAY_MS).toISOString();
  const unreadBefore = new Date(now.getTime() - unreadDays * DAY_MS).toISOString();
  for (const [before, readOnly] of [
    [readBefore, true],
    [unreadBefore, false],
  ] as const) {
    await inBatches((limit) =>
      db
        .deleteFrom('message_inbox')
        .where((eb) =>
          eb(
            eb.refTuple('account_id', 'message_id'),
            'in',
            eb
              .selectFrom('message_inbox')
              .select(['account_id', 'message_id'])
              .where('created_at', '<', before)
              .$if(readOnly, (query) => query.where('read_at', 'is not', null))
              .limit(limit)
              .$asTuple('account_id', 'message_id'),
          ),
        )
        .executeTakeFirst(),
    );
  }
  // Every copy of a message is as old as the message: none is left younger than the shorter time.
  await inBatches((limit) =>
    db
      .deleteFrom('messages')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('messages as old')
          .select('old.id')
          .where('old.created_at', '<', readBefore)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('message_inbox')
                  .select('message_inbox.message_id')
                  .whereRef('message_inbox.message_id', '=', 'old.id'),
              ),
            ),
          )
          .limit(limit),
      )
      .executeTakeFirst(),
  );
}
