/**
 * After a deployment, an open page may ask for a route chunk that no longer exists. Reloading fetches the new
 * build; a guard in session storage stops a reload loop when the chunk is really gone.
 */
const RELOAD_KEY = 'navimow.chunkReloadAt';
const MIN_INTERVAL_MS = 10_000;

/**
 * A file the page needs that did not arrive: a route's code, its CSS, or its texts (`LocaleLoadError` of
 * src/lib/i18n/i18n.ts, known here by name so that the entry does not take i18next in).
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'LocaleLoadError') return true;
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload CSS/i.test(
    error.message,
  );
}

/**
 * Reloads once; returns false when a reload was just tried, or when the phone is offline (the chunk is not gone,
 * the network is, and a reload would only show the browser's error page), so the caller shows an error instead.
 */
export function reloadForNewChunks(): boolean {
  if (!navigator.onLine) return false;
  try {
    const last = Number(window.sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < MIN_INTERVAL_MS) return false;
    window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    // Without storage there is no loop guard: reload anyway, the browser keeps the user in control.
  }
  window.location.reload();
  return true;
}

let reloadArmed = false;

/**
 * Offline, a file the page needs is not gone, the network is: the page loads again once the connection is back (a
 * reload now would only show the WebView's error page, with no way back into the product). Armed once.
 */
export function reloadWhenOnline(): void {
  if (reloadArmed) return;
  reloadArmed = true;
  window.addEventListener(
    'online',
    () => {
      reloadArmed = false;
      window.location.reload();
    },
    { once: true },
  );
}

export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForNewChunks()) event.preventDefault();
  });
}
