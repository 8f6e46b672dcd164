import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { InteractionDetailsResponse, LinkingClientKind } from '../../../../common/api-types.ts';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { Page } from '../../../components/page.tsx';
import { SignInFields, useSignInForm } from '../../../components/sign-in-fields.tsx';
import { Wordmark } from '../../../components/wordmark.tsx';
import { useAsync } from '../../../lib/use-async.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import {
  abortLinking,
  confirmLinking,
  getInteractionDetails,
  InteractionError,
  type InteractionFailure,
  isInteractionUid,
  type LoginOutcome,
  submitLogin,
} from '../api/interaction.ts';
import styles from './linking-login-screen.module.css';

const PRIVACY_POLICY_URL = 'https://navimow.segway.com/privacy-policy';

type PermissionKey = 'controlDevices' | 'readStatus' | 'controlOnBehalf';

/** Seed section 6: Alexa may control devices; Google (and third parties) read status and control on the user's behalf. */
const PERMISSIONS: Record<LinkingClientKind, readonly PermissionKey[]> = {
  alexa: ['controlDevices'],
  google: ['readStatus', 'controlOnBehalf'],
  hornbach: ['readStatus', 'controlOnBehalf'],
  third_party: ['readStatus', 'controlOnBehalf'],
};

function FailureMessage({ failure }: { failure: InteractionFailure }) {
  const { t } = useTranslation('accountLinking');
  const text = {
    'wrong-credentials': () => t('errors.wrongCredentials'),
    throttled: () =>
      t('errors.tooManyAttempts', { count: failure.kind === 'throttled' ? failure.retryAfterSeconds : 0 }),
    expired: () => t('errors.expired'),
    network: () => t('errors.network'),
    unknown: () => t('errors.generic'),
  }[failure.kind]();
  return <ErrorMessage>{text}</ErrorMessage>;
}

/**
 * The account's password is reset in the Navimow app (there is no reset on the web, and the bridge has no method that
 * opens it; this page mostly runs in another app's browser anyway): the way there, in words, on request.
 */
function ForgotPassword() {
  const { t } = useTranslation('accountLinking');
  return (
    <details className={styles.forgot}>
      <summary>{t('form.forgotPassword')}</summary>
      <p>{t('form.forgotPasswordHelp')}</p>
    </details>
  );
}

/**
 * After the sign-in, for a redirect the client did not register (a Home Assistant or LoxBerry at its own address): the
 * host the link would go to, named plainly before anything is sent there. The host is shown as text, never as markup.
 */
function ConsentStep({
  host,
  pending,
  onContinue,
  onCancel,
}: {
  host: string;
  pending: boolean;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('accountLinking');
  return (
    <Card title={t('consent.heading')}>
      <p>{t('consent.access')}</p>
      <p className={styles.host} data-testid="consent-host">
        {host}
      </p>
      <p>{t('consent.warning', { host })}</p>
      <div className={styles.form}>
        <Button disabled={pending} aria-busy={pending} onClick={onContinue}>
          {pending ? t('actions.linking') : t('actions.continue')}
        </Button>
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
      </div>
    </Card>
  );
}

function LinkingForm({
  uid,
  details,
  variant,
}: {
  uid: string;
  details: InteractionDetailsResponse;
  variant: 'alexa' | 'generic';
}) {
  const { t } = useTranslation('accountLinking');
  const signIn = useSignInForm();
  const [failure, setFailure] = useState<InteractionFailure | null>(null);
  const sending = useSingleFlight();
  // Set once the browser is on its way back to the client: the finished interaction cannot be sent again.
  const [leaving, setLeaving] = useState(false);
  // Signed in; the redirect's host waits for the user's word on the consent step.
  const [confirmHost, setConfirmHost] = useState<string | null>(null);
  const pending = sending.pending || leaving;
  const client = details.client.name;

  function run(action: () => Promise<string | LoginOutcome>) {
    return sending.run(
      async () => {
        setFailure(null);
        const outcome = await action();
        if (typeof outcome !== 'string' && 'confirmHost' in outcome) {
          setConfirmHost(outcome.confirmHost);
          return;
        }
        setLeaving(true);
        // replace(): the back button must not return to a form whose interaction is finished.
        window.location.replace(typeof outcome === 'string' ? outcome : outcome.redirectTo);
      },
      (error) => setFailure(error instanceof InteractionError ? error.failure : { kind: 'unknown' }),
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const credentials = signIn.read(event.currentTarget);
    if (credentials) void run(() => submitLogin(uid, credentials.account, credentials.password));
  }

  if (confirmHost !== null) {
    return (
      <>
        <ConsentStep
          host={confirmHost}
          pending={pending}
          onContinue={() => void run(() => confirmLinking(uid))}
          onCancel={() => void run(() => abortLinking(uid))}
        />
        {failure && <FailureMessage failure={failure} />}
      </>
    );
  }

  return (
    <>
      <p>{t('intro', { client })}</p>
      <Card title={t('permissions.heading', { client })}>
        <ul>
          {PERMISSIONS[details.client.kind].map((permission) => (
            <li key={permission}>{t(`permissions.${permission}`)}</li>
          ))}
        </ul>
      </Card>

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <SignInFields form={signIn} after={<ForgotPassword />} />
        {failure && <FailureMessage failure={failure} />}
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending
            ? t('actions.linking')
            : variant === 'alexa'
              ? t('actions.agreeAndLink')
              : t('actions.logInAndConnect')}
        </Button>
        <Button variant="secondary" disabled={pending} onClick={() => void run(() => abortLinking(uid))}>
          {t('actions.cancel')}
        </Button>
      </form>
      <p>
        <a href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer">
          {t('form.privacyPolicy')}
        </a>
      </p>
    </>
  );
}

/**
 * The web login of OAuth account linking (contract section 4): the authorization server sends the browser here
 * with an interaction; the user signs in, agrees, and goes back to Alexa, Google or the third party.
 * Works in any mobile browser, without the native app.
 */
export function LinkingLoginScreen({ variant }: { variant: 'alexa' | 'generic' }) {
  const { t } = useTranslation('accountLinking');
  const [search] = useSearchParams();
  const uid = search.get('interaction');
  const valid = isInteractionUid(uid);
  const details = useAsync(() =>
    valid ? getInteractionDetails(uid) : Promise.reject(new InteractionError({ kind: 'expired' })),
  );
  const title = variant === 'alexa' ? t('alexaTitle') : t('title');

  return (
    <Page title={title} lead={<Wordmark />}>
      {!valid && <p>{t('noRequest')}</p>}
      {valid && details.status === 'error' && (
        <FailureMessage
          failure={details.error instanceof InteractionError ? details.error.failure : { kind: 'unknown' }}
        />
      )}
      {valid && details.status === 'success' && <LinkingForm uid={uid} details={details.data} variant={variant} />}
    </Page>
  );
}
