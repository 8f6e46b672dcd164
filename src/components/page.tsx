import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The frame of every screen: one main landmark and one h1. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </main>
  );
}
