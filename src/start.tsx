import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RootLayout } from './app/root-layout.tsx';
import { matchAppRoute, preloadScreen } from './app/routes.ts';
import { simulatorRequested } from './app/simulator-requested.ts';
import { hasNativeApp } from './lib/bridge/bridge.ts';
import { readAppVersion } from './lib/bridge/native-app.ts';
import { startErrorReporting } from './lib/error-reporting/error-reporting.ts';
import { initI18n, languageFromLocation } from './lib/i18n/i18n.ts';
import { endPersonalView } from './lib/personal-view-data.ts';

function afterFirstPaint(task: () => void) {
  requestAnimationFrame(() => setTimeout(task, 0));
}

/**
 * Starts the app (src/main.tsx loads this after the first paint): takes over the server's markup, or renders it.
 * `beforeRender` runs just before React takes the markup over (from then on React sees the user's taps itself);
 * resolves once the first screen is the app's.
 */
export async function start({ beforeRender }: { beforeRender?: () => void } = {}): Promise<void> {
  const language = languageFromLocation();
  const firstRoute = matchAppRoute(window.location.pathname);
  // The first screen's chunk and strings load beside the common ones (the server announced them all), so
  // that the first render has everything it needs; the simulated app, when wanted, is in place before any
  // bridge call.
  const [simulator] = await Promise.all([
    !hasNativeApp() && simulatorRequested()
      ? import('./simulator/install.tsx').then(({ installSimulator }) => installSimulator(language))
      : undefined,
    initI18n(language, [...new Set(['common', ...firstRoute.namespaces] as const)]),
    preloadScreen(firstRoute),
  ]);
  void readAppVersion();

  let firstRendered!: () => void;
  const rendered = new Promise<void>((resolve) => {
    firstRendered = () => {
      // The personal first view's data served the first render only: from now on screens load their own.
      endPersonalView();
      resolve();
    };
  });
  const app = (
    <StrictMode>
      <BrowserRouter>
        <RootLayout onFirstRender={firstRendered} />
      </BrowserRouter>
    </StrictMode>
  );
  // The server sends the first view already rendered (docs/decisions/019-server-rendered-first-view.md): the page
  // takes it over as it is. Without it (a build with no server entry) the page renders it.
  const root = document.getElementById('root')!;
  beforeRender?.();
  if (root.hasChildNodes()) hydrateRoot(root, app);
  else createRoot(root).render(app);

  afterFirstPaint(() => {
    void simulator?.mountPanel();
    // Device tags cost a bridge call: only asked for when reports are actually sent, with the code that asks,
    // which the first screen does not need.
    void startErrorReporting().then(async (reporting) => {
      if (reporting) await (await import('./lib/session.ts')).tagReportsWithDevice();
    });
  });
  return rendered;
}
