import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../lib/api-client.ts';
import { initTestI18n } from '../testing/test-i18n.ts';
import { LoadError } from './load-error.tsx';

const message = (failure: string) => `failure: ${failure}`;

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('LoadError', () => {
  it('says why in the caller’s words and offers Retry', async () => {
    const retry = vi.fn();
    render(<LoadError error={new ApiError(500, 'internal', 'boom')} onRetry={retry} message={message} />);
    expect(screen.getByRole('alert')).toHaveTextContent('failure: other');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('calls a request lost while the phone is offline "offline", and one lost while online a failure to retry', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { unmount } = render(<LoadError error={new NetworkError('lost')} onRetry={() => {}} message={message} />);
    expect(screen.getByRole('alert')).toHaveTextContent('failure: offline');
    unmount();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<LoadError error={new NetworkError('lost')} onRetry={() => {}} message={message} />);
    expect(screen.getByRole('alert')).toHaveTextContent('failure: other');
  });

  it('offers no Retry outside the app, where only the Navimow app can help', () => {
    render(<LoadError error={new ApiError(401, 'unauthorized', 'no token')} onRetry={() => {}} message={message} />);
    expect(screen.getByRole('alert')).toHaveTextContent('failure: notInApp');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
