import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** Text for screen readers only: what a picture or a bare number means ("4 stars", "3 unread"). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.hidden}>{children}</span>;
}
