import type { FastifyInstance, FastifyReply } from 'fastify';
import { commentsApi } from '../../../common/api/comments.ts';
import type { CommentCreatedResponse } from '../../../common/api-types.ts';
import { HttpError } from '../../http/errors.ts';
import { serveApi } from '../../http/serve-api.ts';
import type { CallerRoutesOptions } from '../accounts/public.ts';
import { mayUseMower } from '../mowers/public.ts';
import {
  findCommentByIdempotencyKey,
  insertComment,
  isSameComment,
  type NewComment,
  type StoredComment,
} from './comment-queries.ts';

function answer(stored: StoredComment): CommentCreatedResponse {
  return { id: stored.id, created_at: stored.created_at };
}

/** A retry of a stored comment answers that comment; the same key for another comment is a client bug. */
function replay(reply: FastifyReply, stored: StoredComment, comment: NewComment) {
  if (!isSameComment(stored, comment)) {
    throw new HttpError(
      409,
      'idempotency_key_reused',
      'idempotency_key was already used for a different comment.',
      'body.idempotency_key',
    );
  }
  return reply.code(200).send(answer(stored));
}

/** POST /api/comments: stores a rating and comment from the comment tool. */
export function commentRoutes(app: FastifyInstance, { db, requireCaller }: CallerRoutesOptions): void {
  serveApi(app, commentsApi, {
    createComment: {
      options: { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
      handler: async (request, reply) => {
        const caller = await requireCaller(request, 'account');
        const { rating, topic, comment = '', vehicle_sn, idempotency_key } = request.body;
        const newComment: NewComment = {
          accountId: caller.accountId,
          rating,
          topic,
          comment,
          mowerSerial: vehicle_sn,
          idempotencyKey: idempotency_key,
        };

        if (idempotency_key) {
          const stored = await findCommentByIdempotencyKey(db, caller.accountId, idempotency_key);
          if (stored) return replay(reply, stored, newComment);
        }
        // The same answer for an unknown mower and someone else's: the API does not tell which serials exist.
        if (vehicle_sn && !(await mayUseMower(db, caller.accountId, vehicle_sn))) {
          throw new HttpError(
            403,
            'mower_not_allowed',
            'body.vehicle_sn: this mower is neither yours nor shared with you.',
            'body.vehicle_sn',
          );
        }

        try {
          return reply.code(201).send(answer(await insertComment(db, newComment)));
        } catch (error) {
          // Two submits with one key at the same moment: the unique index lets one in, the other replays it.
          const stored = idempotency_key && (await findCommentByIdempotencyKey(db, caller.accountId, idempotency_key));
          if (!stored) throw error;
          return replay(reply, stored, newComment);
        }
      },
    },
  });
}
