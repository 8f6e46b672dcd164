import { z } from 'zod';
import { defineApiRoutes } from '../api-route.ts';
import { COMMENT_MAX_LENGTH, COMMENT_TOPICS, commentLength, RATING_MAX, RATING_MIN } from '../comments.ts';

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

/** The comment tool's answers (server/modules/comments). */
export const commentsApi = defineApiRoutes('comments', {
  /**
   * Stores a rating with an optional topic and comment (201). A retried submit with the same `idempotency_key`
   * answers the stored comment (200); the same key for another comment is a 409 `idempotency_key_reused`. A mower
   * neither the caller's nor shared with the caller is a 403.
   */
  createComment: {
    method: 'POST',
    path: '/api/comments',
    body: commentBody,
    response: z.object({ id: z.string(), created_at: z.string() }),
  },
});
