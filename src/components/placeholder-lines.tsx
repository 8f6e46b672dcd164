import styles from './placeholder-lines.module.css';

/**
 * The room that text still to come will take, as quiet bars a line high: a card keeps the shape of its answer while
 * it waits, so nothing below it moves when the answer comes (the health check's app and server). Hidden from
 * assistive technology: the card's own status says that it is waiting.
 */
export function PlaceholderLines({ lines }: { lines: number }) {
  return (
    <div className={styles.lines} aria-hidden="true" data-placeholder-lines={lines}>
      {Array.from({ length: lines }, (_, index) => (
        <span key={index} className={styles.line} />
      ))}
    </div>
  );
}
