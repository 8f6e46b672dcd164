import { type ReactNode, useId } from 'react';
import { ErrorMessage } from './error-message.tsx';
import styles from './field.module.css';

/** What a field gives its control: an id for the label, the look, and its error and hint tied to it. */
export interface FieldControlProps {
  id: string;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** A validation message: read out as it appears, marks the control invalid and is read with it. Shown above the control. */
  error?: string | undefined;
  /** Help or a live count below the control, read with it. */
  hint?: ReactNode;
}

/**
 * The frame every field shares (TextField, TextAreaField, SelectField): label, error, control, hint, in the
 * order a screen reader and the eye meet them, with one stylesheet for every kind of control.
 */
export function Field({
  label,
  error,
  hint,
  children,
}: FieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint !== undefined && hintId].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {/* An alert: read out as it appears, also when the focus is already in the control (Go on the phone's keyboard),
          where moving the focus to it would say nothing new. */}
      {error && <ErrorMessage id={errorId}>{error}</ErrorMessage>}
      {children({
        id,
        className: styles.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint !== undefined && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
