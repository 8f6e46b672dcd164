import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RootLayout } from './app/root-layout.tsx';
import { matchAppRoute } from './app/routes.ts';
import { hasNativeApp } from './lib/bridge/bridge.ts';
import { readAppVersion } from './lib/bridge/native-app.ts';
import { installChunkReload } from './lib/chunk-reload/chunk-reload.ts';
import { startErrorReporting } from './lib/error-reporting/error-reporting.ts';
import { initI18n, languageFromLocation } from './lib/i18n/i18n.ts';
import { tagReportsWithDevice } from './lib/session.ts';
import './styles/global.css';

/**
 * The server marks pages that should run in the simulated native app (`NAVIMOW_SIMULATOR=on`); the Vite dev
 * server cannot, so there every page runs in it. Pages opened in a plain browser never do.
 */
function simulatorRequested(): boolean {
  if (matchAppRoute(window.location.pathname).plainBrowser) return false;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="navimow-simulator"]');
  return import.meta.env.DEV || meta?.content === 'on';
}

function afterFirstPaint(task: () => void) {
  requestAnimationFrame(() => setTimeout(task, 0));
}

async function boot() {
  installChunkReload();
  const language = languageFromLocation();
  const simulator =
    !hasNativeApp() && simulatorRequested()
      ? (await import('./simulator/install.tsx')).installSimulator(language)
      : undefined;
  await initI18n(language);
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
    // Device tags cost a bridge call: only asked for when reports are actually sent.
    void startErrorReporting().then(async (reporting) => {
      if (reporting) await tagReportsWithDevice();
    });
  });
}

void boot();
