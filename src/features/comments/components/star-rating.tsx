import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_MAX, RATING_MIN } from '../../../../common/comments.ts';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden.tsx';
import styles from './star-rating.module.css';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

function StarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The 1–5 star rating: a native radio group (arrow keys move between stars, each star is named "4 stars"),
 * drawn as stars filled up to the chosen one.
 */
export function StarRating({
  value,
  onChange,
  error,
  firstStarRef,
}: {
  value: number | undefined;
  onChange: (rating: number) => void;
  error: string | undefined;
  firstStarRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation('comments');
  return (
    // A radiogroup rather than a fieldset: it can carry required and invalid states to assistive technology.
    <div
      className={styles.group}
      role="radiogroup"
      aria-labelledby="rating-label"
      aria-describedby={error ? 'rating-error' : undefined}
      aria-required="true"
      aria-invalid={error ? true : undefined}
    >
      <span id="rating-label" className={styles.label}>
        {t('rating.label')}
      </span>
      {error && (
        <ErrorMessage id="rating-error" announce={false}>
          {error}
        </ErrorMessage>
      )}
      <div className={styles.stars}>
        {STARS.map((stars) => (
          <span key={stars} className={styles.star}>
            <input
              ref={stars === RATING_MIN ? firstStarRef : undefined}
              className={styles.starInput}
              type="radio"
              id={`rating-${stars}`}
              name="rating"
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
            />
            <label
              htmlFor={`rating-${stars}`}
              className={value !== undefined && stars <= value ? styles.filled : styles.empty}
            >
              <StarIcon />
              <VisuallyHidden>{t('rating.option', { count: stars })}</VisuallyHidden>
            </label>
          </span>
        ))}
        {value !== undefined && (
          <span className={styles.meaning} data-testid="rating-meaning">
            {t(`rating.meaning.${value}` as 'rating.meaning.1')}
          </span>
        )}
      </div>
    </div>
  );
}
