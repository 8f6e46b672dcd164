import { randomUUID } from 'node:crypto';
import type { CommentTopic } from '../../../common/comments.ts';
import type { Db } from '../../db/database.ts';

export interface NewComment {
  accountId: string;
  rating: number;
  topic: CommentTopic | undefined;
  /** Trimmed; empty means the user gave a rating only. */
  comment: string;
  mowerSerial: string | undefined;
  idempotencyKey: string | undefined;
}

export interface StoredComment {
  id: string;
  created_at: string;
  rating: number;
  topic: string | null;
  comment: string | null;
  mower_serial: string | null;
}

const columns = ['id', 'created_at', 'rating', 'topic', 'comment', 'mower_serial'] as const;

export function findCommentByIdempotencyKey(
  db: Db,
  accountId: string,
  key: string,
): Promise<StoredComment | undefined> {
  return db
    .selectFrom('comments')
    .select(columns)
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Whether a stored comment is what this request asks to store: a true retry rather than a reused key. */
export function isSameComment(stored: StoredComment, comment: NewComment): boolean {
  return (
    stored.rating === comment.rating &&
    stored.topic === (comment.topic ?? null) &&
    stored.comment === (comment.comment || null) &&
    stored.mower_serial === (comment.mowerSerial ?? null)
  );
}

export async function insertComment(db: Db, comment: NewComment, now = new Date()): Promise<StoredComment> {
  const row = {
    id: randomUUID(),
    account_id: comment.accountId,
    mower_serial: comment.mowerSerial ?? null,
    rating: comment.rating,
    topic: comment.topic ?? null,
    comment: comment.comment || null,
    idempotency_key: comment.idempotencyKey ?? null,
    created_at: now.toISOString(),
  };
  await db.insertInto('comments').values(row).execute();
  return {
    id: row.id,
    created_at: row.created_at,
    rating: row.rating,
    topic: row.topic,
    comment: row.comment,
    mower_serial: row.mower_serial,
  };
}
