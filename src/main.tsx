/**
 * The page's entry: as small as a script gets. The server sends each page with its first view already rendered
 * (docs/decisions/019-server-rendered-first-view.md), so the browser paints it from the document alone; the app
 * (React, the router, the strings, the screen) is evaluated only once that view is on screen, and then takes the
 * markup over. Its files, and the first screen's, are announced by the document and fetched from that moment.
 */
import { FIRST_SCREEN_FILES_ID } from '../common/page-render.ts';
import { installChunkReload } from './lib/chunk-reload/chunk-reload.ts';
import './styles/global.css';

/** Longest the app waits for the first paint: a page loaded out of sight paints nothing until it is shown. */
const FIRST_PAINT_WAIT_MS = 300;

/** Resolves once the browser has painted the server's markup (at once when there is none to paint). */
function firstContentfulPaint(): Promise<void> {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const hasMarkup = document.getElementById('root')?.hasChildNodes();
  if (!hasMarkup || painted() || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint' });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, FIRST_PAINT_WAIT_MS);
  });
}

/**
 * Until the app has taken the markup over, its buttons do nothing and a form is only markup (sent the browser's
 * way it would reload the page and lose the input). The last button tapped, or else the last form sent, is held
 * and played to the app once its first screen is there: what React does for taps during hydration, for the time
 * before it.
 */
let tapped: HTMLButtonElement | undefined;
let sent: HTMLFormElement | undefined;
const holdTap = (event: MouseEvent) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (button) tapped = button;
};
const holdSubmit = (event: SubmitEvent) => {
  event.preventDefault();
  if (event.target instanceof HTMLFormElement) sent = event.target;
};
function stopHolding() {
  document.removeEventListener('click', holdTap, true);
  document.removeEventListener('submit', holdSubmit, true);
}
function playHeld() {
  if (tapped?.isConnected && !tapped.disabled) tapped.click();
  else if (sent?.isConnected) sent.requestSubmit();
}

installChunkReload();
document.addEventListener('click', holdTap, true);
document.addEventListener('submit', holdSubmit, true);
void firstContentfulPaint()
  .then(() => {
    // The first screen's code and strings, announced by the server: fetched together now, behind the painted view.
    const files = document.getElementById(FIRST_SCREEN_FILES_ID);
    if (files instanceof HTMLTemplateElement) document.head.append(files.content);
    return import('./start.tsx');
  })
  .then(({ start }) => start({ beforeRender: stopHolding }))
  .then(
    playHeld,
    // Without the app, a form is sent the browser's way: a reload, which tries the app again.
    stopHolding,
  );
