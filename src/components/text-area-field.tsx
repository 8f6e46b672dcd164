import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field.tsx';

interface TextAreaFieldProps extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input; a character count goes in `hint`. */
export function TextAreaField({ label, error, hint, ref, rows = 6, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <textarea ref={ref} rows={rows} {...textarea} {...control} />}
    </Field>
  );
}
