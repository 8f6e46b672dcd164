import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import buttonStyles from './button.module.css';
import { classNames } from './class-names.ts';
import styles from './link.module.css';
import { usePageHref } from '../lib/page-language.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A page of the web view (a path of common/page-routes.ts, with its query when it has one). */
  to: string;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** Looks like the kit's button of that variant: a step to another page offered as an action. */
  variant?: 'primary' | 'secondary';
}

/**
 * A link to another page of the web view: a real `<a href>` (long-press, screen readers and a failed script still
 * work) that navigates inside the app on a plain tap. Built on React Router's own hooks for custom links rather
 * than its `<Link>`, whose prefetch and route-discovery code is for its framework mode and would be in every
 * page's first load (docs/decisions/007-bytes-on-the-wire.md). A tap with a modifier key or on a link with a
 * `target` is left to the browser, as with React Router's `<Link>`. It keeps the page's `?lang`
 * (src/lib/page-language.ts).
 */
export function Link({ to, replace, onClick, target, variant, className, ...props }: LinkProps) {
  const page = usePageHref(to);
  const href = useHref(page);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(page, { replace, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  const look = variant && classNames(buttonStyles.button, buttonStyles[variant], styles.button);
  return (
    <a
      {...props}
      className={classNames(look, className) || undefined}
      href={href}
      target={target}
      onClick={handleClick}
    />
  );
}
