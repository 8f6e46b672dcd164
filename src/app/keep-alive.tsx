import { Activity, type ReactNode, Suspense, useLayoutEffect, useRef, useState } from 'react';
import type { AppRoute } from './routes.ts';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';

/** Each screen fails and loads on its own: an error in one never takes a kept screen down with it. */
function ScreenFrame({ children }: { children: ReactNode }) {
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </ScreenErrorBoundary>
  );
}

/**
 * Renders the current route's screen. A route marked `keepAlive` (the message centre: seed section 1, "only
 * the message-center view is cached") stays mounted inside React's <Activity> once visited: leaving it hides
 * it instead of unmounting it, so its state and its scroll position are there when the user comes back.
 * Every other route starts at the top.
 */
export function RouteOutlet({
  route,
  pathname,
  children,
}: {
  route: AppRoute;
  pathname: string;
  children?: ReactNode;
}) {
  const [visited, setVisited] = useState<readonly AppRoute[]>([]);
  if (route.keepAlive && !visited.includes(route)) setVisited([...visited, route]);

  const scrollPositions = useRef(new Map<string, number>());
  const keptId = route.keepAlive ? route.id : undefined;

  // A layout effect: its cleanup runs in the commit that leaves the route, before the next route's scroll to the top,
  // which a passive one would still hear (after a transition React paints before it runs passive cleanups).
  useLayoutEffect(() => {
    if (!keptId) return;
    const remember = () => scrollPositions.current.set(keptId, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [keptId]);

  useLayoutEffect(() => {
    const top = keptId ? (scrollPositions.current.get(keptId) ?? 0) : 0;
    window.scrollTo({ top, left: 0, behavior: 'instant' });
  }, [pathname, keptId]);

  const { Screen } = route;
  return (
    <>
      {visited.map((kept) => (
        <Activity key={kept.id} mode={kept === route ? 'visible' : 'hidden'}>
          <ScreenFrame>
            <kept.Screen />
            {children}
          </ScreenFrame>
        </Activity>
      ))}
      {!route.keepAlive && (
        <ScreenFrame key={route.id}>
          <Screen />
          {children}
        </ScreenFrame>
      )}
    </>
  );
}
