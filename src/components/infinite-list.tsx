import { type ReactNode, useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedListStatus } from '../lib/use-paged-list.ts';
import { Button } from './button.tsx';
import { ErrorMessage } from './error-message.tsx';
import styles from './infinite-list.module.css';

/** How far below the screen the next page starts loading, so that scrolling rarely waits. */
const PRELOAD_MARGIN = '0px 0px 400px 0px';

/**
 * A list that loads more as the user scrolls: a sentinel under the last item asks for the next page when it
 * comes near the screen (IntersectionObserver), and a "Show more" button does the same for keyboard and
 * switch users and for WebViews without the observer. Loading, failure with Retry, the end and an empty list
 * each have their own state; after "Show more" the focus moves to the first new item. Feed it `usePagedList`.
 */
export function InfiniteList<T>({
  items,
  getKey,
  renderItem,
  status,
  onLoadMore,
  label,
  errorText,
  endText,
  empty,
  loadMoreLabel,
}: {
  items: readonly T[];
  getKey: (item: T) => string;
  /** An item's content; the list wraps it in its `li`. */
  renderItem: (item: T) => ReactNode;
  status: PagedListStatus;
  onLoadMore: () => void;
  /** The list's name for screen readers ("Messages"). */
  label: string;
  /** Shown when a page could not be loaded, above Retry ("Failed to load new messages"). */
  errorText: string;
  /** Shown after the last item ("No more messages"). */
  endText?: string;
  /** Shown instead of the list when it has no item at all: an `EmptyState`. */
  empty?: ReactNode;
  /** Overrides "Show more". */
  loadMoreLabel?: string;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  const canLoad = status === 'idle';

  const loadMore = useEffectEvent(() => onLoadMore());
  useEffect(() => {
    const target = sentinel.current;
    if (!canLoad || !target || typeof IntersectionObserver === 'undefined') return;
    // Observed anew after every page: a page too short to fill the screen leaves the sentinel in view.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoad, items.length]);

  // In the commit that shows the new page, before it is painted.
  useLayoutEffect(() => {
    const from = focusFrom.current;
    if (from === null || items.length <= from) return;
    focusFrom.current = null;
    (list.current?.children[from] as HTMLElement | undefined)?.focus();
  }, [items.length]);

  const showMore = () => {
    focusFrom.current = items.length;
    onLoadMore();
  };

  if (items.length === 0 && status === 'done' && empty !== undefined) return <>{empty}</>;

  return (
    <div>
      {items.length > 0 && (
        <ul ref={list} className={styles.list} aria-label={label}>
          {items.map((item) => (
            <li key={getKey(item)} className={styles.item} tabIndex={-1}>
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} aria-hidden="true" />
      <div className={styles.footer}>
        <p role="status" className={styles.status}>
          {status === 'loading' && t('list.loading')}
          {status === 'done' && items.length > 0 && endText}
        </p>
        {status === 'error' && (
          <>
            <ErrorMessage>{errorText}</ErrorMessage>
            <Button variant="secondary" onClick={onLoadMore}>
              {t('actions.retry')}
            </Button>
          </>
        )}
        {canLoad && (
          <Button variant="secondary" onClick={showMore}>
            {loadMoreLabel ?? t('list.loadMore')}
          </Button>
        )}
      </div>
    </div>
  );
}
