import type { PersonalViewData } from './personal-view.ts';

/**
 * The server-rendered first view (docs/decisions/019-server-rendered-first-view.md): what the web view's server
 * entry (`src/entry-server.tsx`, built to `dist/ssr/`) gives the server, which loads the built file at start and
 * never imports web view source.
 */
export interface PageRenderer {
  /**
   * The markup of `#root` for a page request: its route's screen in its first state (before any bridge call or
   * API answer), in the given language. The same URL and language always give the same markup, and no user data
   * is in it: the page reads those after it starts.
   *
   * With `personal`, the page's personal first view (common/personal-view.ts): the first state with the API's
   * answers the page's first render reads, days and times in the reader's time zone as of `personal.now`.
   */
  render(url: string, language: string, personal?: PersonalViewData): string;
}

/** Reads one locale namespace of one language (the build's copy, `dist/web/assets/locales-…/<lang>/<ns>.json`). */
export type ReadNamespace = (language: string, namespace: string) => Record<string, unknown>;

export type CreatePageRenderer = (readNamespace: ReadNamespace) => Promise<PageRenderer>;

/**
 * The `<template>` in a page's head that holds the preloads of its first screen's code and strings: inert until
 * the entry moves them into the head, once the server's markup is painted.
 */
export const FIRST_SCREEN_FILES_ID = 'first-screen-files';
