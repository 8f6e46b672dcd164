import { type ComponentType, useEffect, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { Page } from '../../../components/page.tsx';
import styles from './bridge-check.module.css';

/** The screen's texts are English only (docs/decisions/031-bridge-check.md): `lang="en"` whatever `?lang` says. */
export const BRIDGE_CHECK_TITLE = 'Bridge check';

/**
 * `/bridgeCheck`: tells the native team whether their side of the bridge is right (docs/bridge.md). Not linked from
 * the product's screens; served in production too. A developer tool adds nothing to the pages' first load: the
 * screen's chunk is this frame, and the check comes after the first view. The server renders the same frame, with
 * the introduction: the first view's largest text, so the page's largest paint does not wait for the check.
 */
export function BridgeCheckScreen() {
  const [Check, setCheck] = useState<ComponentType>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    import('./bridge-check.tsx').then(
      (module) => setCheck(() => module.BridgeCheck),
      () => setFailed(true),
    );
  }, []);
  return (
    <Page title={BRIDGE_CHECK_TITLE} lang="en">
      <div className={styles.check}>
        <p>
          For the iOS and Android teams: open this page in the app&apos;s web view on a phone. It calls each method of
          the bridge (docs/bridge.md) with the documented params, through the pages&apos; own bridge code, and checks
          every answer against the schemas the pages use. Methods with a visible effect run only when you tap them.
        </p>
        {Check ? (
          <Check />
        ) : failed ? (
          <ErrorMessage>The check could not load. Check the connection and open this page again.</ErrorMessage>
        ) : (
          <p aria-busy="true">Loading the check…</p>
        )}
      </div>
    </Page>
  );
}
