/**
 * The data a personal first view was rendered with (common/personal-view.ts), for the render that must match it:
 * the server's render of that view, and the app's first render in the browser, which takes the markup over. Once
 * the app's first screen is there (`endPersonalView`), screens load and show their data as always.
 *
 * Module state, not context: the server renders synchronously (`withPersonalView` sets and clears it around one
 * render), and the browser has one first render.
 */
import type { PersonalViewData } from '../../common/personal-view.ts';

let current: PersonalViewData | undefined;

/** The browser: the view the entry painted, for the app's first render. */
export function beginPersonalView(data: PersonalViewData): void {
  current = data;
}

/** The browser: the first render is done; answers from now on come from the API. */
export function endPersonalView(): void {
  current = undefined;
}

/** The server: one render with this data. */
export function withPersonalView<T>(data: PersonalViewData, render: () => T): T {
  current = data;
  try {
    return render();
  } finally {
    current = undefined;
  }
}

/** The API's answer to `path` (under `/api`) that the view was rendered with, if this render is that view's. */
export function personalResponse<T>(path: string): T | undefined {
  return current?.responses[path] as T | undefined;
}

/** The native app's version code the view was rendered with, if this render is that view's (null: not told). */
export function personalAppVersionCode(): number | null | undefined {
  return current?.appVersionCode;
}

/** The app's current mower the view was rendered for, if this render is that view's and the app had one. */
export function personalCurrentMower(): string | undefined {
  return current?.currentMower;
}

/** The current time, as the view was rendered at while rendering it. */
export function renderNow(): number {
  return current?.now ?? Date.now();
}

/** The reader's time zone while rendering a personal view (undefined: the device's own). */
export function renderTimeZone(): string | undefined {
  return current?.timeZone;
}
