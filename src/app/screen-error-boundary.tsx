import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.tsx';
import { ResultScreen } from '../components/result-screen.tsx';
import { isChunkLoadError, reloadForNewChunks, reloadWhenOnline } from '../lib/chunk-reload/chunk-reload.ts';
import { reportError } from '../lib/error-reporting/error-reporting.ts';

/** Loads the page again; offline, once the connection is back (the offline notice says why nothing happens yet). */
function retry() {
  if (navigator.onLine) window.location.reload();
  else reloadWhenOnline();
}

function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <ResultScreen
      status="failure"
      title={t('errorPage.title')}
      message={t('errorPage.message')}
      actions={<Button onClick={retry}>{t('actions.retry')}</Button>}
    />
  );
}

/**
 * Catches what a screen throws while rendering or loading. A route chunk that no longer exists after a
 * deployment reloads the page once (a new build is there); one that did not arrive for want of a network reloads
 * when the connection is back; anything else is reported and shown as a localized error with a retry, never a
 * blank page.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) {
      // Offline, the file is not gone, the network is: the page loads again when it is back, nothing to report.
      if (!navigator.onLine) return reloadWhenOnline();
      if (reloadForNewChunks()) return;
    }
    reportError(error);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
