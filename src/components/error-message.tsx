import type { ReactNode } from 'react';
import { classNames } from './class-names.ts';
import styles from './error-message.module.css';

/**
 * A failure said in words, in the error colour. By default an alert, which screen readers read out as it
 * appears; a message that a field or a live region already announces passes `announce={false}`.
 */
export function ErrorMessage({
  children,
  id,
  announce = true,
  className,
}: {
  children: ReactNode;
  id?: string;
  announce?: boolean;
  className?: string;
}) {
  return (
    <p id={id} role={announce ? 'alert' : undefined} className={classNames(styles.error, className)}>
      {children}
    </p>
  );
}
