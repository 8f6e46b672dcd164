import type { ComponentPropsWithRef } from 'react';
import styles from './button.module.css';
import { classNames } from './class-names.ts';

type Variant = 'primary' | 'secondary';

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={classNames(styles.button, styles[variant], className)}
      {...props}
    />
  );
}
