import { useEffect, useEffectEvent, useState } from 'react';

/** How far the finger must pull down from the top of the page, in CSS pixels. */
export const PULL_DISTANCE = 80;

/**
 * Pull to refresh on touch screens: pulling down while the page is at its top, farther than `PULL_DISTANCE`,
 * then letting go, calls `onRefresh`. Returns how far the current pull has come (0 to 1) for an indicator. The
 * Refresh button does the same for everyone else.
 */
export function usePullToRefresh(onRefresh: () => void): number {
  const [progress, setProgress] = useState(0);
  const refresh = useEffectEvent(onRefresh);

  useEffect(() => {
    let startY: number | undefined;
    let distance = 0;
    const start = (event: TouchEvent) => {
      distance = 0;
      startY = window.scrollY <= 0 && event.touches.length === 1 ? event.touches[0]!.clientY : undefined;
    };
    const move = (event: TouchEvent) => {
      if (startY === undefined) return;
      distance = Math.max(0, event.touches[0]!.clientY - startY);
      setProgress(Math.min(1, distance / PULL_DISTANCE));
    };
    const cancel = () => {
      startY = undefined;
      distance = 0;
      setProgress(0);
    };
    const end = () => {
      const pulled = startY !== undefined && distance >= PULL_DISTANCE;
      cancel();
      if (pulled) refresh();
    };
    window.addEventListener('touchstart', start, { passive: true });
    window.addEventListener('touchmove', move, { passive: true });
    window.addEventListener('touchend', end);
    window.addEventListener('touchcancel', cancel);
    return () => {
      window.removeEventListener('touchstart', start);
      window.removeEventListener('touchmove', move);
      window.removeEventListener('touchend', end);
      window.removeEventListener('touchcancel', cancel);
    };
  }, []);

  return progress;
}
