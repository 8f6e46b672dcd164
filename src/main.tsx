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

/**
 * Fields the user filled in before the app took the markup over. React keeps what such a field shows but never
 * hears of it (this version replays no change events), and the first render after hydration can even reset it to
 * the screen's state ("empty"). So what the user entered is noted just before the app takes over, and once its
 * first screen is there each such field is told to it as the user's own input.
 */
type FilledField =
  | { field: HTMLInputElement | HTMLTextAreaElement; kind: 'text'; value: string }
  | { field: HTMLInputElement; kind: 'check'; checked: boolean }
  | { field: HTMLSelectElement; kind: 'select'; selected: boolean[] };
let filled: FilledField[] = [];

/** Fields whose value is not the one the server sent (their default). */
function findFilledFields(root: ParentNode): FilledField[] {
  const fields: FilledField[] = [];
  for (const field of root.querySelectorAll('input, textarea, select')) {
    if (field instanceof HTMLSelectElement) {
      const options = [...field.options];
      if (options.some((option) => option.selected !== option.defaultSelected)) {
        fields.push({ field, kind: 'select', selected: options.map((option) => option.selected) });
      }
    } else if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')) {
      // A radio unchecked by its neighbour follows from that neighbour's change.
      const changed =
        field.type === 'radio' ? field.checked && !field.defaultChecked : field.checked !== field.defaultChecked;
      if (changed) fields.push({ field, kind: 'check', checked: field.checked });
    } else if (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type !== 'file')) {
      if (field.value !== field.defaultValue) fields.push({ field, kind: 'text', value: field.value });
    }
  }
  return fields;
}

/** Sets a field's value behind the back of any property its owner put on the element (React's value tracker). */
function setOwnValue(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/** Tells the app each filled-in field by the events the user's own input would have sent. */
function playFilledFields(fields: readonly FilledField[]) {
  for (const entry of fields) {
    if (!entry.field.isConnected || entry.field.disabled) continue;
    if (entry.kind === 'text') {
      // Noted by the tracker as the value the app holds, then the user's text arrives as when typed.
      entry.field.value = entry.field.defaultValue;
      setOwnValue(entry.field, entry.value);
      entry.field.dispatchEvent(new Event('input', { bubbles: true }));
    } else if (entry.kind === 'check') {
      entry.field.checked = !entry.checked;
      entry.field.click();
    } else {
      [...entry.field.options].forEach((option, index) => {
        option.selected = entry.selected[index] ?? option.selected;
      });
      entry.field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}

/** What identifies a held button in markup rendered again: its id, or its text and how many before it have that text. */
interface HeldButton {
  id: string;
  text: string;
  index: number;
}

const buttonText = (button: Element) => button.textContent?.trim() ?? '';
const buttonsWithText = (root: Element, text: string) =>
  [...root.querySelectorAll('button')].filter((button) => buttonText(button) === text);

function describeHeld(button: HTMLButtonElement, root: Element): HeldButton {
  const text = buttonText(button);
  return { id: button.id, text, index: buttonsWithText(root, text).indexOf(button) };
}

function findHeld(held: HeldButton, root: Element): HTMLButtonElement | undefined {
  const byId = held.id ? document.getElementById(held.id) : null;
  if (byId instanceof HTMLButtonElement && root.contains(byId)) return byId;
  return buttonsWithText(root, held.text)[held.index];
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
      // A tap held on the markup replaced is held on the same button in the view.
      const held = tapped && root.contains(tapped) ? describeHeld(tapped, root) : undefined;
      // Markup React rendered on our server for this page, its texts escaped; no script is in it.
      const shownAt = performance.now();
      root.innerHTML = view.markup;
      if (held) tapped = findHeld(held, root);
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
  document.removeEventListener('click', holdTap, true);
  document.removeEventListener('submit', holdSubmit, true);
  filled = findFilledFields(document.getElementById('root') ?? document);
}
async function playHeld() {
  if (filled.length > 0) {
    playFilledFields(filled);
    filled = [];
    // The tap below must meet the screen with those fields' values in its state.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (tapped?.isConnected && !tapped.disabled) tapped.click();
  else if (sent?.isConnected) sent.requestSubmit();
}

installChunkReload();
document.addEventListener('click', holdTap, true);
document.addEventListener('submit', holdSubmit, true);
void Promise.all([showPersonalView(), firstContentfulPaint()])
  .then(() => {
    // The first screen's code and strings, announced by the server: fetched together now, behind the painted view.
    const files = document.getElementById(FIRST_SCREEN_FILES_ID);
    if (files instanceof HTMLTemplateElement) document.head.append(files.content);
    return import('./start.tsx');
  })
  .then(({ start }) => start({ beforeRender: stopHolding }))
  .then(playHeld, (error: unknown) => {
    // Without the app, a form is sent the browser's way: a reload, which tries the app again.
    stopHolding();
    if (!isChunkLoadError(error)) throw error;
    // The app's code did not arrive. Offline, the page waits for the connection and then loads again (a reload
    // now would only show the browser's error page); online, the code may be gone with a new deployment.
    if (navigator.onLine) reloadForNewChunks();
    else reloadWhenOnline();
  });
