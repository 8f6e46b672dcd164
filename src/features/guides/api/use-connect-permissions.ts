import { useCallback, useEffect, useRef, useState } from 'react';
import { isNoNativeApp } from '../../../lib/bridge/bridge.ts';
import { reportUnexpected } from '../../../lib/error-reporting/error-reporting.ts';
import { type ConnectPermissions, getConnectPermissions } from './get-phone-permissions.ts';

export type ConnectPermissionsState =
  | { status: 'pending' }
  | { status: 'success'; permissions: ConnectPermissions }
  /** `unavailable`: the page is not open in the app, so there is nothing to ask. */
  | { status: 'error'; unavailable: boolean };

/**
 * The phone's Bluetooth and location permissions, read again whenever the page becomes visible (the user
 * may come back from the system settings) and on `refresh()`. A refresh keeps showing the last answer until
 * the new one arrives, so the screen does not flicker; an answer overtaken by a newer request is dropped.
 */
export function useConnectPermissions() {
  const [state, setState] = useState<ConnectPermissionsState>({ status: 'pending' });
  const latest = useRef(0);

  const refresh = useCallback(() => {
    latest.current += 1;
    const request = latest.current;
    getConnectPermissions().then(
      (permissions) => {
        if (request === latest.current) setState({ status: 'success', permissions });
      },
      (error: unknown) => {
        if (request !== latest.current) return;
        reportUnexpected(error);
        setState({ status: 'error', unavailable: isNoNativeApp(error) });
      },
    );
  }, []);

  const retry = useCallback(() => {
    setState({ status: 'pending' });
    refresh();
  }, [refresh]);

  useEffect(() => {
    refresh();
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      // Answers still on their way belong to a screen that is gone.
      latest.current += 1;
    };
  }, [refresh]);

  return { state, refresh, retry };
}
