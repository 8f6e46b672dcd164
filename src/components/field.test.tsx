import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field.tsx';
import { TextAreaField } from './text-area-field.tsx';
import { EmailField, TextField } from './text-field.tsx';

describe('the field family', () => {
  it('labels each kind of control', () => {
    render(
      <>
        <TextField label="Account" name="account" />
        <TextAreaField label="Your comment" />
        <SelectField label="Topic" defaultValue="app">
          <option value="app">The app</option>
        </SelectField>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Account' })).toHaveAttribute('name', 'account');
    expect(screen.getByRole('textbox', { name: 'Your comment' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('combobox', { name: 'Topic' })).toHaveValue('app');
  });

  it('gives an e-mail field the e-mail keyboard, no capitals and no spelling check', () => {
    render(
      <>
        <EmailField label="E-mail" name="email" />
        <EmailField label="E-mail or phone" name="account" type="text" />
      </>,
    );
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveAttribute('type', 'email');
    const account = screen.getByRole('textbox', { name: 'E-mail or phone' });
    expect(account).toHaveAttribute('type', 'text');
    for (const field of [email, account]) {
      expect(field).toHaveAttribute('inputmode', 'email');
      expect(field).toHaveAttribute('autocapitalize', 'none');
      expect(field).toHaveAttribute('spellcheck', 'false');
    }
  });

  it('marks a field invalid and reads its error, then its hint, with it', () => {
    render(<TextAreaField label="Your comment" error="Shorten your comment." hint="12 characters too many" />);
    const field = screen.getByRole('textbox', { name: 'Your comment' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Shorten your comment. 12 characters too many');
    // Also read out as it appears: a form sent with Go from the phone's keyboard leaves the focus where it is, and
    // moving it there says nothing new.
    expect(screen.getByRole('alert')).toHaveTextContent('Shorten your comment.');
  });

  it('is neither invalid nor described without an error or a hint', () => {
    render(<TextField label="Password" type="password" />);
    const field = screen.getByLabelText('Password');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAttribute('aria-describedby');
  });

  it('passes the control’s own props and ref through', async () => {
    const onChange = vi.fn();
    let input: HTMLInputElement | null = null;
    render(
      <TextField
        label="Account"
        ref={(element) => void (input = element)}
        onChange={onChange}
        autoComplete="username"
      />,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Account' }), 'a');
    expect(onChange).toHaveBeenCalled();
    expect(input).toBe(screen.getByRole('textbox', { name: 'Account' }));
    expect(input).toHaveAttribute('autocomplete', 'username');
  });
});
