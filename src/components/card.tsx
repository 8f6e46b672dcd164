import { type ComponentPropsWithoutRef, type ReactNode, useId } from 'react';
import styles from './card.module.css';
import { classNames } from './class-names.ts';

export interface CardProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  /** `section` (the default with a title) and `article` become regions named by the title; `li` for a list of cards. */
  as?: 'section' | 'article' | 'div' | 'li';
  /** The card's heading. */
  title?: ReactNode;
  titleLevel?: 2 | 3;
  /** Pictures shown beside the text, or below it on a narrow screen; decorative ones carry `aria-hidden`. */
  media?: ReactNode;
  /** `success` and `warning`: a note that stands out inside another card. */
  tone?: 'plain' | 'success' | 'warning';
}

/** A surface that groups one topic of a screen: a guide's step, a check, a module, a note. */
export function Card({ as, title, titleLevel = 2, media, tone = 'plain', className, children, ...rest }: CardProps) {
  const titleId = useId();
  const Element = as ?? (title === undefined ? 'div' : 'section');
  const named = title !== undefined && (Element === 'section' || Element === 'article');
  const heading = title !== undefined && (
    <CardTitle id={titleId} level={titleLevel}>
      {title}
    </CardTitle>
  );
  return (
    <Element
      className={classNames(
        styles.card,
        media !== undefined && styles.withMedia,
        tone !== 'plain' && styles[tone],
        className,
      )}
      aria-labelledby={named ? titleId : undefined}
      {...rest}
    >
      {media === undefined ? (
        <>
          {heading}
          {children}
        </>
      ) : (
        <>
          <div className={styles.body}>
            {heading}
            {children}
          </div>
          <div className={styles.media}>{media}</div>
        </>
      )}
    </Element>
  );
}

/** A card's heading, for a card that lays out its own header (an icon, a status beside the title). */
export function CardTitle({ level = 2, className, ...heading }: ComponentPropsWithoutRef<'h2'> & { level?: 2 | 3 }) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return <Heading className={classNames(styles.title, className)} {...heading} />;
}
