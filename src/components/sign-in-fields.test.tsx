import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../testing/test-i18n.ts';
import { SignInFields, useSignInForm } from './sign-in-fields.tsx';

beforeAll(async () => {
  await initTestI18n();
});

function SignIn({ onSignIn }: { onSignIn: (account: string, password: string) => void }) {
  const fields = useSignInForm();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const credentials = fields.read(event.currentTarget);
    if (credentials) onSignIn(credentials.account, credentials.password);
  };
  return (
    <form onSubmit={submit} noValidate>
      <SignInFields form={fields} after={<p>After the password</p>} />
      <button type="submit">Sign in</button>
    </form>
  );
}

describe('SignInFields', () => {
  it('are labelled, autofilled as a sign-in, and hand over the trimmed account with the password', async () => {
    const onSignIn = vi.fn();
    const user = userEvent.setup();
    render(<SignIn onSignIn={onSignIn} />);
    const account = screen.getByLabelText('E-mail or phone number');
    const password = screen.getByLabelText('Password');
    expect(account).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(account, '  demo@navimow.example ');
    await user.type(password, ' secret ');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledWith('demo@navimow.example', ' secret ');
    expect(screen.getByText('After the password')).toBeVisible();
  });

  it('say what is missing or wrong and put the focus on the first such field, sending nothing', async () => {
    const onSignIn = vi.fn();
    const user = userEvent.setup();
    render(<SignIn onSignIn={onSignIn} />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('E-mail or phone number')).toHaveFocus();
    expect(screen.getByLabelText('E-mail or phone number')).toHaveAccessibleDescription('Please enter your account.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Please enter your password.');

    await user.type(screen.getByLabelText('E-mail or phone number'), 'not an account');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('E-mail or phone number')).toHaveAccessibleDescription(
      /Enter an e-mail address, or a phone number/,
    );
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');

    await user.clear(screen.getByLabelText('E-mail or phone number'));
    await user.type(screen.getByLabelText('E-mail or phone number'), '+49 151 23456789');
    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(onSignIn).not.toHaveBeenCalled();
  });

  it('show the password on request and hide it again, without sending the toggle with the form', async () => {
    const user = userEvent.setup();
    render(<SignIn onSignIn={() => {}} />);
    const password = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password', pressed: false });
    expect(toggle).toHaveAttribute('type', 'button');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'password');
  });
});
