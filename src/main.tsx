/**
 * The page's entry: as small as a script gets. The server sends each page with its first view already rendered
 * (docs/decisions/019-server-rendered-first-view.md), so the browser paints it from the document alone; the app
 * (React, the router, the strings, the screen) is evaluated only once that view is on screen, and then takes the
 * markup over. Its files, and the first screen's, are announced by the document and fetched from that moment.
 */
import { FIRST_SCREEN_FILES_ID } from '../common/page-render.ts';
import { PERSONAL_VIEW_META } from '../common/personal-view.ts';
import {
  installChunkReload,
  isChunkLoadError,
  reloadForNewChunks,
  reloadWhenOnline,
} from './lib/chunk-reload/chunk-reload.ts';
import { holdEarlyInput } from './lib/early-input.ts';
import { loadPersonalView } from './lib/personal-view.ts';
import { beginPersonalView } from './lib/personal-view-data.ts';
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

/** The app has begun to take the markup over: from then on the markup is the app's. */
let appStarting = false;

/** Longest the app's code waits for a personal first view to be on screen, once it is in the document. */
const VIEW_PAINT_WAIT_MS = 200;

/**
 * Resolves once the browser has shown what changed since `since`: its largest element, when that is a new one (a
 * list), or else after a short wait (an empty list shows less than the page did before it).
 */
function viewPainted(since: number): Promise<void> {
  return new Promise((resolve) => {
    const supported = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint');
    const observer = supported
      ? new PerformanceObserver((entries) => {
          if (entries.getEntries().some((entry) => entry.startTime >= since)) done();
        })
      : undefined;
    const timer = setTimeout(() => done(), VIEW_PAINT_WAIT_MS);
    function done() {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer?.observe({ type: 'largest-contentful-paint' });
  });
}

/** Longest the app waits for a personal first view before it starts and loads the page's data itself. */
const PERSONAL_VIEW_WAIT_MS = 2500;

/**
 * A page whose largest content is the user's data (the message centre) asks the server for its first view rendered
 * with that data as soon as the native app has given the token, and shows it the moment it comes: the list is on
 * screen long before the app's code could have shown it (docs/decisions/021-personal-first-view.md). The app's
 * code is fetched after that, so that on a slow network its hundred kilobytes do not share the line with the view;
 * its first render then uses the same data and takes that markup over as it is. A view that does not come in time,
 * or at all, changes nothing: the app loads the data itself, as on any other page.
 */
function showPersonalView(): Promise<void> {
  if (!document.querySelector(`meta[name="${PERSONAL_VIEW_META}"]`)) return Promise.resolve();
  const shown = loadPersonalView()
    .then((view) => {
      const root = document.getElementById('root');
      if (!view || appStarting || !root) return;
      // Markup React rendered on our server for this page, its texts escaped; no script is in it.
      const shownAt = performance.now();
      earlyInput.replaceMarkup(root, view.markup);
      beginPersonalView(view);
      return viewPainted(shownAt);
    })
    .catch(() => {
      // The app loads the page's data itself.
    });
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, PERSONAL_VIEW_WAIT_MS))]);
}

function stopHolding() {
  appStarting = true;
  earlyInput.stop(document.getElementById('root') ?? document);
}

installChunkReload();
const earlyInput = holdEarlyInput();
void Promise.all([showPersonalView(), firstContentfulPaint()])
  .then(() => {
    // The first screen's code and strings, announced by the server: fetched together now, behind the painted view.
    const files = document.getElementById(FIRST_SCREEN_FILES_ID);
    if (files instanceof HTMLTemplateElement) document.head.append(files.content);
    return import('./start.tsx');
  })
  .then(({ start }) => start({ beforeRender: stopHolding }))
  .then(
    () => earlyInput.play(),
    (error: unknown) => {
      // Without the app, a form is sent the browser's way: a reload, which tries the app again.
      stopHolding();
      if (!isChunkLoadError(error)) throw error;
      // The app's code did not arrive. Offline, the page waits for the connection and then loads again (a reload
      // now would only show the browser's error page); online, the code may be gone with a new deployment.
      if (navigator.onLine) reloadForNewChunks();
      else reloadWhenOnline();
    },
  );
