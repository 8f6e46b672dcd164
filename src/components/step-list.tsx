import type { ReactNode } from 'react';
import { Card } from './card.tsx';
import styles from './step-list.module.css';

/**
 * The numbered steps of a guide: an ordered list whose items are cards. `role="list"` keeps the list's
 * semantics in Safari, which drops them from a list without bullets.
 */
export function StepList({ children }: { children: ReactNode }) {
  return (
    <ol className={styles.steps} role="list">
      {children}
    </ol>
  );
}

/** One step: its label ("Step 2", localized) and title make its heading; pictures go beside the text. */
export function Step({
  label,
  title,
  pictures,
  children,
}: {
  label: string;
  title: string;
  pictures?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      as="li"
      title={
        <>
          <span className={styles.label}>{label}</span> {title}
        </>
      }
      media={pictures}
    >
      {children}
    </Card>
  );
}
