import { COMMENT_MAX_LENGTH, commentLength, RATING_MAX, RATING_MIN } from '../../../common/comments.ts';

export interface CommentDraft {
  rating: number | undefined;
  comment: string;
}

export interface CommentErrors {
  rating?: 'required';
  comment?: 'tooLong';
}

/** The form's own check, the same rules as the API's: a rating is required, a comment is optional and bounded. */
export function validateComment({ rating, comment }: CommentDraft): CommentErrors {
  const errors: CommentErrors = {};
  if (rating === undefined || !Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX)
    errors.rating = 'required';
  if (commentLength(comment) > COMMENT_MAX_LENGTH) errors.comment = 'tooLong';
  return errors;
}
