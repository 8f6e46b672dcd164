import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentCreatedResponse } from '../../../../common/api-types.ts';
import { COMMENT_MAX_LENGTH, COMMENT_TOPICS, type CommentTopic, commentLength, RATING_MAX, RATING_MIN } from '../../../../common/comments.ts';
import { Button } from '../../../components/button.tsx';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { type CommentSubmission, createComment } from '../api/create-comment.ts';
import { newIdempotencyKey } from '../idempotency-key.ts';
import { validateComment } from '../validate-comment.ts';
import styles from './comment-form.module.css';
import { StarRating } from './star-rating.tsx';

type Failure = 'offline' | 'signedOut' | 'failed';

function failureOf(error: unknown): Failure {
  // A request that failed on the way while the phone has a connection is a plain failure, not "offline".
  if (error instanceof NetworkError && !navigator.onLine) return 'offline';
  if (error instanceof ApiError && error.status === 401) return 'signedOut';
  return 'failed';
}

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
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const inFlight = useRef(false);
  const lastAttempt = useRef<{ answer: string; key: string }>(undefined);
  const firstStarRef = useRef<HTMLInputElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  const errors = checked ? validateComment({ rating, comment }) : {};
  const remaining = COMMENT_MAX_LENGTH - commentLength(comment);

  const send = async () => {
    // Double taps land here before React has disabled the button.
    if (inFlight.current) return;
    const found = validateComment({ rating, comment });
    setChecked(true);
    if (found.rating || found.comment) {
      (found.rating ? firstStarRef : commentRef).current?.focus();
      return;
    }
    const text = comment.trim();
    const answer = { rating: rating!, ...(topic && { topic }), ...(text && { comment: text }) };
    const serialized = JSON.stringify(answer);
    if (lastAttempt.current?.answer !== serialized) lastAttempt.current = { answer: serialized, key: newIdempotencyKey() };

    inFlight.current = true;
    setPending(true);
    setFailure(undefined);
    try {
      await submit({ ...answer, idempotency_key: lastAttempt.current.key });
      onSent();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  // A comment that could not leave the phone goes out by itself once the connection is back.
  const resendOnline = useEffectEvent(() => void send());
  useEffect(() => {
    if (failure !== 'offline') return;
    window.addEventListener('online', resendOnline);
    return () => window.removeEventListener('online', resendOnline);
  }, [failure]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };

  const commentDescription = ['comment-counter', errors.comment && 'comment-error'].filter(Boolean).join(' ');

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p>{t('intro')}</p>

      <StarRating
        value={rating}
        onChange={setRating}
        error={errors.rating && t('errors.ratingRequired', { min: RATING_MIN, max: RATING_MAX })}
        firstStarRef={firstStarRef}
      />

      <div className={styles.field}>
        <label className={styles.label} htmlFor="comment-topic">
          {t('topic.label')}
        </label>
        <select id="comment-topic" className={styles.control} value={topic} onChange={(event) => setTopic(event.target.value as CommentTopic | '')}>
          <option value="">{t('topic.none')}</option>
          {COMMENT_TOPICS.map((option) => (
            <option key={option} value={option}>
              {t(`topic.options.${option}`)}
            </option>
          ))}
        </select>
      </div>

      <div className={styles.field}>
        <label className={styles.label} htmlFor="comment-text">
          {t('comment.label')}
        </label>
        {errors.comment && (
          <p id="comment-error" className={styles.error}>
            {t('errors.commentTooLong', { count: COMMENT_MAX_LENGTH })}
          </p>
        )}
        <textarea
          ref={commentRef}
          id="comment-text"
          className={styles.control}
          rows={6}
          value={comment}
          placeholder={t('comment.placeholder')}
          onChange={(event) => setComment(event.target.value)}
          aria-describedby={commentDescription}
          aria-invalid={errors.comment ? true : undefined}
        />
        <p id="comment-counter" className={remaining < 0 ? styles.counterOver : styles.counter} data-testid="comment-counter">
          {remaining >= 0 ? t('comment.remaining', { count: remaining }) : t('comment.over', { count: -remaining })}
        </p>
      </div>

      {failure && (
        <p className={styles.error} role="alert">
          {t(`failure.${failure}`)}
        </p>
      )}

      <Button type="submit" disabled={pending}>
        {pending ? t('sending') : failure ? t('common:actions.retry') : t('submit')}
      </Button>
    </form>
  );
}
