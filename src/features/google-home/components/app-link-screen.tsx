import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { CloseButton } from '../../../components/close-button.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { Page } from '../../../components/page.tsx';
import { ResultScreen } from '../../../components/result-screen.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { BridgeError, call } from '../../../lib/bridge/bridge.ts';
import { closeWebView } from '../../../lib/bridge/close-web-view.ts';
import type { BridgeParams } from '../../../lib/bridge/methods.ts';
import { useNativeApp } from '../../../lib/bridge/use-native-app.ts';
import { reportUnexpected } from '../../../lib/error-reporting/error-reporting.ts';
import { commonAppData } from '../../../lib/session.ts';
import { useAsync } from '../../../lib/use-async.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { requestAppFlipCode } from '../api/app-flip.ts';
import { type AppFlipParams, parseAppFlipParams, permissionsFor } from '../app-flip-request.ts';
import { PRIVACY_POLICY_URI } from '../google-home-links.ts';
import { AppFlipSignIn } from './app-flip-sign-in.tsx';
import styles from './google-home.module.css';
import { LoadError } from './load-error.tsx';

/** Who links: the app's signed-in user (no token of its own: the API client asks the app), or one signed in here. */
interface Session {
  account: string;
  token?: string;
}

/** The app's session, or null when it has no signed-in user (the page then signs in itself). */
async function appSession(): Promise<Session | null> {
  try {
    const data = await commonAppData();
    return data.access_token ? { account: data.email } : null;
  } catch (error) {
    if (error instanceof BridgeError && error.isNative('notSignedIn')) return null;
    throw error;
  }
}

/**
 * The request cannot be answered with a code (no client id, or one the server does not know): the app learns it at
 * once, so that Google Home hears "failed" however the user leaves; Back closes the web view.
 */
function InvalidRequest() {
  const { t } = useTranslation('googleHome');
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    call('setAppFlipResult', { result: 'failed' }).catch(reportUnexpected);
  }, []);
  return (
    <ResultScreen
      status="failure"
      title={t('appFlip.invalid.title')}
      message={t('appFlip.invalid.text')}
      actions={<CloseButton label={t('appFlip.invalid.close')} />}
    />
  );
}

function PrivacyPolicyLink() {
  const { t } = useTranslation('googleHome');
  // Opened in the system browser: the web view has no way back from another site.
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    call('openExternalURI', { uri: PRIVACY_POLICY_URI }).catch(reportUnexpected);
  };
  return (
    <p>
      <a href={PRIVACY_POLICY_URI} onClick={open} rel="noopener noreferrer">
        {t('appFlip.privacyPolicy')}
      </a>
    </p>
  );
}

type Outcome = 'consent' | 'signIn' | 'invalid' | 'failed' | 'finished';

function AppFlip({ params }: { params: AppFlipParams }) {
  const { t } = useTranslation(['googleHome', 'common']);
  const appSessionLoad = useAsync(() => appSession());
  const [ownSession, setOwnSession] = useState<Session>();
  const [outcome, setOutcome] = useState<Outcome>('consent');
  const answering = useSingleFlight();

  /** Hands the outcome to the app, which returns it to Google Home, then closes the web view. */
  const finish = async (result: BridgeParams<'setAppFlipResult'>) => {
    await call('setAppFlipResult', result);
    setOutcome('finished');
    await closeWebView();
  };

  const agree = (session: Session) =>
    void answering.run(
      async () => {
        setOutcome('consent');
        const code = await requestAppFlipCode(params.request, session.token);
        await finish({ result: 'success', code, ...(params.state !== undefined && { state: params.state }) });
      },
      (error) => {
        if (error instanceof ApiError && error.status === 400) setOutcome('invalid');
        else if (error instanceof ApiError && error.status === 401) {
          setOwnSession(undefined);
          setOutcome('signIn');
        } else setOutcome('failed');
      },
    );

  const cancel = () =>
    void answering.run(
      () => finish({ result: 'denied' }),
      () => setOutcome('failed'),
    );

  if (outcome === 'invalid') return <InvalidRequest />;
  if (appSessionLoad.status === 'pending') {
    return (
      <Page title={t('appFlip.title')}>
        <p role="status">{t('common:list.loading')}</p>
      </Page>
    );
  }
  if (appSessionLoad.status === 'error') {
    return (
      <Page title={t('appFlip.title')}>
        <LoadError error={appSessionLoad.error} onRetry={appSessionLoad.reload} />
      </Page>
    );
  }

  const session = ownSession ?? (outcome === 'signIn' ? null : appSessionLoad.data);
  const busy = answering.pending || outcome === 'finished';
  return (
    <Page title={t('appFlip.title')}>
      <p>{t('appFlip.intro')}</p>
      {session ? (
        <>
          <p>{t('appFlip.signedInAs', { account: session.account })}</p>
          <Card title={t('appFlip.permissionsTitle')}>
            <ul>
              {permissionsFor(params.request.scope).map((permission) => (
                <li key={permission}>{t(`appFlip.${permission}`)}</li>
              ))}
            </ul>
          </Card>
          {outcome === 'failed' && <ErrorMessage>{t('appFlip.failed')}</ErrorMessage>}
          <div className={styles.actions}>
            <Button onClick={() => agree(session)} disabled={busy} aria-busy={answering.pending}>
              {answering.pending ? t('appFlip.linking') : t('appFlip.agree')}
            </Button>
            <Button variant="secondary" onClick={cancel} disabled={busy}>
              {t('appFlip.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <AppFlipSignIn
          onSignedIn={(token, account) => {
            setOwnSession({ token, account });
            setOutcome('consent');
          }}
          onCancel={cancel}
        />
      )}
      <PrivacyPolicyLink />
    </Page>
  );
}

/**
 * Route `smartHome/googleHome/appBind`: App Flip. The Google Home app opened the Navimow app, which shows this
 * page with what Google sent (`client_id`, `scope`, `redirect_uri`, `state`; docs/bridge.md). After sign-in if
 * needed and the user's consent, the server issues an authorization code for the registered Google client, and
 * the page hands it back with `setAppFlipResult`; Cancel answers `denied`, a request the server refuses `failed`.
 */
export function AppLinkScreen() {
  const { t } = useTranslation('googleHome');
  const [search] = useSearchParams();
  const [params] = useState(() => parseAppFlipParams(search.toString()));
  const inApp = useNativeApp();
  if (inApp === false) {
    return (
      <Page title={t('appFlip.title')}>
        <p>{t('appFlip.notInApp')}</p>
      </Page>
    );
  }
  if (!params) return <InvalidRequest />;
  // The server-rendered first view, before the page knows whether the app is there: the title only.
  if (inApp === undefined) return <Page title={t('appFlip.title')} />;
  return <AppFlip params={params} />;
}
