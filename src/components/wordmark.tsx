import { classNames } from './class-names.ts';
import styles from './wordmark.module.css';

/**
 * The Navimow wordmark, drawn for this web view: a petrol tile with an "N" mown into it over a lime blade of grass,
 * and the name in the display face. Says whose page it is where the app's own frame is missing (the web login that
 * Alexa, Google and Home Assistant open). One accessible name, "Navimow".
 */
export function Wordmark({ className }: { className?: string }) {
  return (
    <span role="img" aria-label="Navimow" className={classNames(styles.wordmark, className)}>
      <svg className={styles.mark} viewBox="0 0 28 28" aria-hidden="true" focusable="false">
        <rect className={styles.tile} width="28" height="28" rx="8" />
        <path className={styles.blade} d="M4 24c6-5 14-6 20-4v4H4z" />
        <path className={styles.letter} d="M8.5 19V8.5l11 10.5V8.5" />
      </svg>
      <span className={styles.name} aria-hidden="true">
        Navimow
      </span>
    </span>
  );
}
