import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentCreatedResponse } from '../../../../common/api-types.ts';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_TOPICS,
  type CommentTopic,
  commentLength,
  RATING_MAX,
  RATING_MIN,
} from '../../../../common/comments.ts';
import { Button } from '../../../components/button.tsx';
import { RequestFailureMessage } from '../../../components/request-failure-message.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { TextAreaField } from '../../../components/text-area-field.tsx';
import { useBackOnline } from '../../../lib/offline/use-back-online.ts';
import { canRetry, type RequestFailure, requestFailure } from '../../../lib/request-failure.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { type CommentSubmission, createComment } from '../api/create-comment.ts';
import { newIdempotencyKey } from '../idempotency-key.ts';
import { validateComment } from '../validate-comment.ts';
import styles from './comment-form.module.css';
import { StarRating } from './star-rating.tsx';

/**
 * The rating and comment form. A retry of the same answer reuses its idempotency key, so a submit whose
 * answer was lost on the way back is not stored twice; a changed answer gets a new key.
 */
export function CommentForm({
  onSent,
  submit = createComment,
}: {
  onSent: () => void;
  submit?: (submission: CommentSubmission) => Promise<CommentCreatedResponse>;
}) {
  const { t } = useTranslation(['comments', 'common']);
  const [rating, setRating] = useState<number>();
  const [topic, setTopic] = useState<CommentTopic | ''>('');
  const [comment, setComment] = useState('');
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<RequestFailure>();
  const sending = useSingleFlight();
  const lastAttempt = useRef<{ answer: string; key: string }>(undefined);
  const firstStarRef = useRef<HTMLInputElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  const errors = checked ? validateComment({ rating, comment }) : {};
  const remaining = COMMENT_MAX_LENGTH - commentLength(comment);

  const send = async () => {
    const found = validateComment({ rating, comment });
    setChecked(true);
    if (found.rating || found.comment) {
      (found.rating ? firstStarRef : commentRef).current?.focus();
      return;
    }
    const text = comment.trim();
    const answer = { rating: rating!, ...(topic && { topic }), ...(text && { comment: text }) };
    await sending.run(
      async () => {
        const serialized = JSON.stringify(answer);
        if (lastAttempt.current?.answer !== serialized)
          lastAttempt.current = { answer: serialized, key: newIdempotencyKey() };
        setFailure(undefined);
        await submit({ ...answer, idempotency_key: lastAttempt.current.key });
        onSent();
      },
      (error) => setFailure(requestFailure(error)),
    );
  };

  // A comment that could not leave the phone goes out by itself once the connection is back.
  useBackOnline(failure === 'offline', () => void send());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p>{t('intro')}</p>

      <StarRating
        value={rating}
        onChange={setRating}
        error={errors.rating && t('errors.ratingRequired', { min: RATING_MIN, max: RATING_MAX })}
        firstStarRef={firstStarRef}
      />

      <SelectField
        label={t('topic.label')}
        value={topic}
        onChange={(event) => setTopic(event.target.value as CommentTopic | '')}
      >
        <option value="">{t('topic.none')}</option>
        {COMMENT_TOPICS.map((option) => (
          <option key={option} value={option}>
            {t(`topic.options.${option}`)}
          </option>
        ))}
      </SelectField>

      <TextAreaField
        ref={commentRef}
        label={t('comment.label')}
        value={comment}
        placeholder={t('comment.placeholder')}
        onChange={(event) => setComment(event.target.value)}
        error={errors.comment && t('errors.commentTooLong', { count: COMMENT_MAX_LENGTH })}
        hint={
          <span className={remaining < 0 ? styles.over : undefined} data-testid="comment-counter">
            {remaining >= 0 ? t('comment.remaining', { count: remaining }) : t('comment.over', { count: -remaining })}
          </span>
        }
      />

      {failure && (
        <RequestFailureMessage
          failure={failure}
          texts={{ load: t('failure.failed'), offline: t('failure.offline'), signedOut: t('failure.signedOut') }}
        />
      )}

      {/* The form's own button sends again: "Retry" only where another try can help (not signed out, not in a browser). */}
      <Button type="submit" disabled={sending.pending}>
        {sending.pending ? t('sending') : failure && canRetry(failure) ? t('common:actions.retry') : t('submit')}
      </Button>
    </form>
  );
}
