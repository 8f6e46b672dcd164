import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../testing/test-i18n.ts';
import { RequestFailureMessage } from './request-failure-message.tsx';

beforeAll(() => initTestI18n());

describe('RequestFailureMessage', () => {
  it('says the screen’s own failure, with Retry', async () => {
    const retry = vi.fn();
    render(
      <RequestFailureMessage failure="load" texts={{ load: 'The message could not be loaded.' }} onRetry={retry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The message could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('says signed out and not in the app in the same words on every screen, with no Retry', () => {
    const { unmount } = render(
      <RequestFailureMessage failure="signedOut" texts={{ load: 'x' }} onRetry={() => undefined} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You are no longer signed in. Sign in to the Navimow app again, then open this page.',
    );
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    render(<RequestFailureMessage failure="notInApp" texts={{ load: 'x' }} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Open this page in the Navimow app.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('takes a screen’s more precise words for a case', () => {
    render(
      <RequestFailureMessage failure="signedOut" texts={{ load: 'x', signedOut: '…then open the invitation.' }} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('…then open the invitation.');
  });
});
