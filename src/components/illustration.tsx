import { lazy, Suspense } from 'react';
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
 * its size at once; the drawing comes in its own chunk.
 */
export function Illustration({ scene }: { scene: SceneName }) {
  return (
    <span className={styles.illustration} aria-hidden="true" data-scene={scene}>
      <Suspense fallback={null}>
        <Scene name={scene} />
      </Suspense>
    </span>
  );
}

export type { SceneName };
