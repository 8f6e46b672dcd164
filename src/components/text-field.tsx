import type { InputHTMLAttributes, Ref } from 'react';
import { Field, type FieldProps } from './field.tsx';

interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled one-line input (text, e-mail, password) with its validation message tied to it. */
export function TextField({ label, error, hint, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <input ref={ref} {...input} {...control} />}
    </Field>
  );
}

/**
 * A `TextField` for an e-mail address, or an account typed like one: the e-mail keyboard, no capital first letter,
 * no spelling check. `type` is `email` unless the field takes more than addresses (the sign-in's e-mail or phone).
 */
export function EmailField({ type = 'email', ...props }: TextFieldProps) {
  return <TextField type={type} inputMode="email" autoCapitalize="none" spellCheck={false} {...props} />;
}
