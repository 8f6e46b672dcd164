import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseIdentifier } from '../../../../common/account-identifiers.ts';
import { Button } from '../../../components/button.tsx';
import { ErrorMessage } from '../../../components/error-message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { signIn } from '../api/app-flip.ts';
import styles from './google-home.module.css';

type SignInFailure = { kind: 'wrongCredentials' } | { kind: 'throttled'; seconds: number } | { kind: 'failed' };

function failureOf(error: unknown): SignInFailure {
  if (error instanceof ApiError && error.status === 401) return { kind: 'wrongCredentials' };
  if (error instanceof ApiError && error.status === 429) return { kind: 'throttled', seconds: Math.max(1, error.retryAfterSeconds ?? 60) };
  return { kind: 'failed' };
}

/**
 * The sign-in of App Flip when the app has no signed-in user: the session it gives is this page's only, used
 * for the one code it asks for, and never handed to the app.
 */
export function AppFlipSignIn({ onSignedIn, onCancel }: { onSignedIn: (token: string, account: string) => void; onCancel: () => void }) {
  const { t } = useTranslation('googleHome');
  const [errors, setErrors] = useState<{ account?: string; password?: string }>({});
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const sending = useSingleFlight();
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const account = String(form.get('account') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const found: typeof errors = {};
    if (!account) found.account = t('appFlip.signIn.accountRequired');
    else if (!parseIdentifier(account)) found.account = t('appFlip.signIn.accountInvalid');
    if (!password) found.password = t('appFlip.signIn.passwordRequired');
    setErrors(found);
    if (found.account) return accountRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
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
      <TextField
        ref={accountRef}
        label={t('appFlip.signIn.account')}
        name="account"
        type="text"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.account}
      />
      <TextField
        ref={passwordRef}
        label={t('appFlip.signIn.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      {failure?.kind === 'wrongCredentials' && <ErrorMessage>{t('appFlip.signIn.wrongCredentials')}</ErrorMessage>}
      {failure?.kind === 'throttled' && <ErrorMessage>{t('appFlip.signIn.tooManyAttempts', { count: failure.seconds })}</ErrorMessage>}
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
