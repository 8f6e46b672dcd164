import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CommentCreatedResponse } from '../../../common/api-types.ts';
import { COMMENT_MAX_LENGTH, COMMENT_TOPICS, commentLength, RATING_MAX, RATING_MIN } from '../../../common/comments.ts';
import { HttpError } from '../../http/errors.ts';
import type { CallerRoutesOptions } from '../accounts/public.ts';
import { mayUseMower } from '../mowers/public.ts';
import {
  findCommentByIdempotencyKey,
  insertComment,
  isSameComment,
  type NewComment,
  type StoredComment,
} from './comment-queries.ts';

const ratingMessage = `a whole number from ${RATING_MIN} to ${RATING_MAX} is required`;

const commentBody = z.object({
  rating: z
    .number({ error: ratingMessage })
    .int({ error: ratingMessage })
    .min(RATING_MIN, ratingMessage)
    .max(RATING_MAX, ratingMessage),
  topic: z.enum(COMMENT_TOPICS, { error: `one of ${COMMENT_TOPICS.join(', ')}` }).optional(),
  comment: z
    .string({ error: 'must be text' })
    .trim()
    .refine((text) => commentLength(text) <= COMMENT_MAX_LENGTH, `at most ${COMMENT_MAX_LENGTH} characters`)
    .optional(),
  vehicle_sn: z
    .string({ error: 'must be a serial number' })
    .trim()
    .min(1, 'must not be empty')
    .max(64, 'too long')
    .optional(),
  idempotency_key: z.uuid({ error: 'must be a UUID' }).optional(),
});

const created = z.object({ id: z.string(), created_at: z.string() });

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
export const commentRoutes: FastifyPluginAsyncZod<CallerRoutesOptions> = async (app, { db, requireCaller }) => {
  app.post(
    '/',
    {
      schema: { body: commentBody, response: { 200: created, 201: created } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
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
  );
};
