import type { ComponentPropsWithRef } from 'react';
import styles from './button.module.css';
import { classNames } from './class-names.ts';

/**
 * `primary`: the one main action; `secondary`: the lesser choice; `danger`: an action that cannot be undone
 * (reject, unlink, unbind), also as the confirm button of its `ConfirmDialog`; `link`: a small action that reads as
 * text within a form (show the password), still a 44 px target.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & { variant?: ButtonVariant }) {
  return <button type={type} className={classNames(styles.button, styles[variant], className)} {...props} />;
}
