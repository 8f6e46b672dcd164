import { lazy, Suspense, useSyncExternalStore } from 'react';
import { classNames } from './class-names.ts';
import styles from './illustration.module.css';
import type { SceneName } from './illustrations/scenes.tsx';

// One chunk for all the pictures, fetched when a page first shows one: no page's first load carries them.
const Scene = lazy(async () => {
  const { scenes } = await import('./illustrations/scenes.tsx');
  return { default: ({ name }: { name: SceneName }) => scenes[name] };
});

/**
 * A picture of the mower, its station and the phone (`illustrations/scenes.tsx`), for a guide's step or a how-to.
 * Decorative: the page's text says everything the picture shows, so it is hidden from screen readers. Its box has
 * its size at once; the drawing comes in its own chunk, after the page has become the app's.
 */
export function Illustration({ scene, className }: { scene: SceneName; className?: string }) {
  const drawn = useSyncExternalStore(noChange, inBrowser, onServer);
  return (
    <span className={classNames(styles.illustration, className)} aria-hidden="true" data-scene={scene}>
      {drawn && (
        <Suspense fallback={null}>
          <Scene name={scene} />
        </Suspense>
      )}
    </span>
  );
}

// The drawing is fetched by the browser only, once the page is the app's: the server's first view (renderToString,
// which cannot wait for a lazy part) and the app's first render both have the empty box, so they match.
const noChange = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

export type { SceneName };
