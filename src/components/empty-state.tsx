import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import styles from './empty-state.module.css';

/**
 * What a screen or a list shows when there is nothing to show: "No messages yet", a model without
 * information, no mower selected. A heading by default; `titleAs="p"` where a heading would only add noise
 * (a one-line state inside a tab panel).
 */
export function EmptyState({
  title,
  titleAs: Title = 'h2',
  icon,
  action,
  children,
  ...rest
}: Omit<ComponentPropsWithoutRef<'div'>, 'title'> & {
  title: string;
  titleAs?: 'h2' | 'h3' | 'p';
  /** A decorative picture. */
  icon?: ReactNode;
  /** What the user can do about it, such as a button. */
  action?: ReactNode;
  /** The explanation below the title. */
  children?: ReactNode;
}) {
  return (
    <div className={styles.empty} {...rest}>
      {icon !== undefined && (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      )}
      <Title className={styles.title}>{title}</Title>
      {children !== undefined && <p className={styles.text}>{children}</p>}
      {action}
    </div>
  );
}
