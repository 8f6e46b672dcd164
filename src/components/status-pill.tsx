import type { ComponentPropsWithoutRef } from 'react';
import { classNames } from './class-names.ts';
import styles from './status-pill.module.css';

/**
 * A state in a word or two, set apart from the text: linked or not (Alexa, Google Assistant). `on` in the accent
 * colour, `off` plain; the words carry the meaning, the colour only repeats it.
 */
export function StatusPill({ on, className, ...props }: ComponentPropsWithoutRef<'span'> & { on: boolean }) {
  return <span className={classNames(styles.pill, on && styles.on, className)} data-on={on} {...props} />;
}
