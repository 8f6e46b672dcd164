import type { MouseEvent } from 'react';
import buttonStyles from '../../../components/button.module.css';
import { classNames } from '../../../components/class-names.ts';
import linkStyles from '../../../components/link.module.css';
import { call, hasNativeApp } from '../../../lib/bridge/bridge.ts';
import { reportUnexpected } from '../../../lib/error-reporting/error-reporting.ts';
import { SUPPORT_URI } from '../guide-constants.ts';

/**
 * "Contact customer support" as a way to do it: the support site, in the system browser inside the app (the web
 * view has no way back from another site), as a plain link in a browser.
 */
export function SupportLink({ children }: { children: string }) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hasNativeApp()) return;
    event.preventDefault();
    call('openExternalURI', { uri: SUPPORT_URI }).catch(reportUnexpected);
  };
  return (
    <a
      href={SUPPORT_URI}
      onClick={open}
      target="_blank"
      rel="noopener noreferrer"
      className={classNames(buttonStyles.button, buttonStyles.secondary, linkStyles.button)}
    >
      {children}
    </a>
  );
}
