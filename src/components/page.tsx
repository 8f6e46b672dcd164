import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import { classNames } from './class-names.ts';
import styles from './page.module.css';

/**
 * The frame of every screen: one main landmark and one h1. `lead` goes above the title (a result's sign);
 * with `titleRef` the title can take the focus, so that a screen readers' user hears where they are.
 */
export function Page({
  title,
  lead,
  titleRef,
  className,
  children,
  ...main
}: Omit<ComponentPropsWithoutRef<'main'>, 'title'> & {
  title: string;
  lead?: ReactNode;
  titleRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  return (
    <main className={classNames(styles.page, className)} {...main}>
      {lead}
      <h1 ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={styles.title}>
        {title}
      </h1>
      {children}
    </main>
  );
}
