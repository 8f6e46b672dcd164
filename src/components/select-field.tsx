import type { Ref, SelectHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field.tsx';

interface SelectFieldProps extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select: the phone's own picker, accessible as it is. The options are its children. */
export function SelectField({ label, error, hint, ref, children, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <select ref={ref} {...select} {...control}>
          {children}
        </select>
      )}
    </Field>
  );
}
