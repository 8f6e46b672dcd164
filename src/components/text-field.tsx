import { type InputHTMLAttributes, type Ref, useId } from 'react';
import styles from './text-field.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A validation message; marks the field invalid and is read with it. */
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its validation message tied to it for screen readers. */
export function TextField({ label, error, ref, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
