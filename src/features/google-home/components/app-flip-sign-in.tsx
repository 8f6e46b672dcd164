import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { SignInFields, useSignInForm } from '../../../components/sign-in-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { signIn } from '../api/app-flip.ts';
import styles from './google-home.module.css';

type SignInFailure = { kind: 'wrongCredentials' } | { kind: 'throttled'; seconds: number } | { kind: 'failed' };

function failureOf(error: unknown): SignInFailure {
  if (error instanceof ApiError && error.status === 401) return { kind: 'wrongCredentials' };
  if (error instanceof ApiError && error.status === 429)
    return { kind: 'throttled', seconds: Math.max(1, error.retryAfterSeconds ?? 60) };
  return { kind: 'failed' };
}

/**
 * The sign-in of App Flip when the app has no signed-in user: the session it gives is this page's only, used
 * for the one code it asks for, and never handed to the app.
 */
export function AppFlipSignIn({
  onSignedIn,
  onCancel,
}: {
  onSignedIn: (token: string, account: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('googleHome');
  const fields = useSignInForm();
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const sending = useSingleFlight();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const credentials = fields.read(event.currentTarget);
    if (!credentials) return;
    const { account, password } = credentials;
    void sending.run(
      async () => {
        setFailure(null);
        onSignedIn(await signIn(account, password), account);
      },
      (error) => setFailure(failureOf(error)),
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p>{t('appFlip.signIn.lead')}</p>
      <SignInFields form={fields} />
      {failure?.kind === 'wrongCredentials' && <ErrorMessage>{t('appFlip.signIn.wrongCredentials')}</ErrorMessage>}
      {failure?.kind === 'throttled' && (
        <ErrorMessage>{t('appFlip.signIn.tooManyAttempts', { count: failure.seconds })}</ErrorMessage>
      )}
      {failure?.kind === 'failed' && <ErrorMessage>{t('appFlip.failed')}</ErrorMessage>}
      <Button type="submit" disabled={sending.pending} aria-busy={sending.pending}>
        {sending.pending ? t('appFlip.signIn.signingIn') : t('appFlip.signIn.submit')}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={sending.pending}>
        {t('appFlip.cancel')}
      </Button>
    </form>
  );
}
