import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RootLayout } from './app/root-layout.tsx';
import { matchAppRoute, preloadScreen } from './app/routes.ts';
import { simulatorRequested } from './app/simulator-requested.ts';
import { hasNativeApp } from './lib/bridge/bridge.ts';
import { readAppVersion } from './lib/bridge/native-app.ts';
import { installChunkReload } from './lib/chunk-reload/chunk-reload.ts';
import { startErrorReporting } from './lib/error-reporting/error-reporting.ts';
import { initI18n, languageFromLocation } from './lib/i18n/i18n.ts';
import './styles/global.css';

function afterFirstPaint(task: () => void) {
  requestAnimationFrame(() => setTimeout(task, 0));
}

async function boot() {
  installChunkReload();
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

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserRouter>
        <RootLayout />
      </BrowserRouter>
    </StrictMode>,
  );

  afterFirstPaint(() => {
    void simulator?.mountPanel();
    // Device tags cost a bridge call: only asked for when reports are actually sent, with the code that asks,
    // which the first screen does not need.
    void startErrorReporting().then(async (reporting) => {
      if (reporting) await (await import('./lib/session.ts')).tagReportsWithDevice();
    });
  });
}

void boot();
