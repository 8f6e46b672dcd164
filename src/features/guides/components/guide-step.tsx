import type { ReactNode } from 'react';
import styles from './guide.module.css';

/** One numbered step of a guide: an item of the guide's ordered list, with its pictures beside the text. */
export function GuideStep({
  label,
  title,
  pictures,
  children,
}: {
  /** "Step 2", localized. */
  label: string;
  title: string;
  pictures?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className={`${styles.card} ${styles.step}`}>
      <div className={styles.stepText}>
        <h2 className={styles.heading}>
          <span className={styles.stepLabel}>{label}</span> {title}
        </h2>
        {children}
      </div>
      {pictures && <div className={styles.pictures}>{pictures}</div>}
    </li>
  );
}

/** The list that holds a guide's steps; `role="list"` keeps its semantics in Safari without list bullets. */
export function GuideSteps({ children }: { children: ReactNode }) {
  return (
    <ol className={styles.steps} role="list">
      {children}
    </ol>
  );
}
