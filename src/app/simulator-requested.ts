import { matchAppRoute } from './routes.ts';

/**
 * Whether the page should run in the simulated native app, when no real one is there. The server marks such
 * pages (`NAVIMOW_SIMULATOR=on`); the Vite dev server cannot, so there every page does. A page meant for a plain
 * browser (the web login, opened from the Alexa app or Google Home) never does: it must look as users see it.
 */
export function simulatorRequested(
  { pathname, document, dev }: { pathname: string; document: Document; dev: boolean } = {
    pathname: window.location.pathname,
    document: window.document,
    dev: import.meta.env.DEV,
  },
): boolean {
  if (matchAppRoute(pathname).plainBrowser) return false;
  if (dev) return true;
  return document.querySelector<HTMLMetaElement>('meta[name="navimow-simulator"]')?.content === 'on';
}
