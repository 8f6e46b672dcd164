import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Page } from './page.tsx';
import styles from './result-screen.module.css';

const ICON_PATHS = {
  success: 'M32 6a26 26 0 1 0 0 52a26 26 0 1 0 0-52M20 33l8 8 16-18',
  failure: 'M32 6a26 26 0 1 0 0 52a26 26 0 1 0 0-52M32 18v18M32 45v.5',
} as const;

/**
 * The outcome of something the user did, as a whole screen: a success or failure sign, a title, a message
 * and what to do next (Done, Retry, Close). The title takes the focus when the screen appears, so screen
 * readers announce the outcome at once. Invitations accepted or expired, a linked account, a sent comment.
 */
export function ResultScreen({
  status,
  title,
  message,
  actions,
  children,
}: {
  status: 'success' | 'failure';
  title: string;
  message?: ReactNode;
  /** Buttons, the main one first. */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // In the commit that shows the screen, before it is painted: a screen reader reads the outcome first.
  useLayoutEffect(() => heading.current?.focus(), []);
  return (
    <Page
      title={title}
      titleRef={heading}
      className={styles.screen}
      data-result={status}
      lead={
        <svg className={`${styles.icon} ${styles[status]}`} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <path d={ICON_PATHS[status]} />
        </svg>
      }
    >
      {message !== undefined && <p className={styles.message}>{message}</p>}
      {children}
      {actions !== undefined && <div className={styles.actions}>{actions}</div>}
    </Page>
  );
}
