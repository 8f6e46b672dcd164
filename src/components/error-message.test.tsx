import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorMessage } from './error-message.tsx';

describe('ErrorMessage', () => {
  it('is an alert that screen readers read out, unless something else announces it', () => {
    render(
      <>
        <ErrorMessage>The settings could not be opened.</ErrorMessage>
        <ErrorMessage announce={false} id="field-error">
          Enter your password.
        </ErrorMessage>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The settings could not be opened.');
    expect(screen.getByText('Enter your password.')).toHaveAttribute('id', 'field-error');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
