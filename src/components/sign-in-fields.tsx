import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseIdentifier } from '../../common/account-identifiers.ts';
import { Button } from './button.tsx';
import styles from './sign-in-fields.module.css';
import { EmailField, TextField } from './text-field.tsx';

type SignInErrors = { account?: 'accountRequired' | 'accountInvalid'; password?: 'passwordRequired' };

export interface SignInForm {
  errors: SignInErrors;
  accountRef: RefObject<HTMLInputElement | null>;
  passwordRef: RefObject<HTMLInputElement | null>;
  /**
   * The account (trimmed) and password of the submitted form; or, when one is missing or the account is neither an
   * e-mail address nor a phone number, undefined: the fields then say what is wrong and the first of them has the focus.
   */
  read: (form: HTMLFormElement) => { account: string; password: string } | undefined;
}

/** The state of a Navimow sign-in (the web login of account linking, App Flip's own sign-in): see `SignInFields`. */
export function useSignInForm(): SignInForm {
  const [errors, setErrors] = useState<SignInErrors>({});
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const read = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const account = String(data.get('account') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const found: SignInErrors = {};
    if (!account) found.account = 'accountRequired';
    else if (!parseIdentifier(account)) found.account = 'accountInvalid';
    if (!password) found.password = 'passwordRequired';
    setErrors(found);
    if (found.account) accountRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    return found.account || found.password ? undefined : { account, password };
  };
  return { errors, accountRef, passwordRef, read };
}

/**
 * The account and password fields of a Navimow sign-in, with the words, autofill hints and checks every sign-in
 * shares; the password can be shown while typing it (a toggle, not a checkbox, so that it is not sent with the form).
 * `after` goes below the password ("Forgot password?").
 */
export function SignInFields({ form, after }: { form: SignInForm; after?: ReactNode }) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  const { errors, accountRef, passwordRef } = form;
  return (
    <div className={styles.fields}>
      <EmailField
        ref={accountRef}
        label={t('signIn.account')}
        name="account"
        type="text"
        autoComplete="username"
        error={errors.account && t(`signIn.${errors.account}`)}
      />
      <div className={styles.password}>
        <TextField
          ref={passwordRef}
          label={t('signIn.password')}
          name="password"
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.password && t(`signIn.${errors.password}`)}
        />
        <Button variant="link" aria-pressed={shown} onClick={() => setShown((value) => !value)}>
          {t('signIn.showPassword')}
        </Button>
        {after}
      </div>
    </div>
  );
}
