import { useSyncExternalStore } from 'react';
import { hasNativeApp } from './bridge.ts';

const unchanging = () => () => {};
const unknownOnServer = () => undefined;

/**
 * Whether the page runs inside a native app, for rendering. Undefined in the server-rendered first view and while
 * the page hydrates it (the server cannot know; docs/decisions/019-server-rendered-first-view.md), so that both
 * render the same; known from the render after. Code outside rendering asks `hasNativeApp()`.
 */
export function useNativeApp(): boolean | undefined {
  return useSyncExternalStore(unchanging, hasNativeApp, unknownOnServer);
}
