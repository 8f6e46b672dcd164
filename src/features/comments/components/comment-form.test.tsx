import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommentCreatedResponse } from '../../../../common/api-types.ts';
import { COMMENT_MAX_LENGTH } from '../../../../common/comments.ts';
import frenchComments from '../../../../locales/fr/comments.json';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { installFakeBridge } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import type { CommentSubmission } from '../api/create-comment.ts';
import { CommentForm } from './comment-form.tsx';

beforeAll(() => initTestI18n());

const STORED: CommentCreatedResponse = { id: 'comment-1', created_at: '2026-05-01T10:00:00.000Z' };
function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** The maximum as English writes it ("1,000"): counts are formatted for the language, not printed raw. */
const MAX_IN_ENGLISH = new Intl.NumberFormat('en').format(COMMENT_MAX_LENGTH);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup(
  submit = vi.fn<(submission: CommentSubmission) => Promise<CommentCreatedResponse>>().mockResolvedValue(STORED),
) {
  const onSent = vi.fn();
  const user = userEvent.setup();
  render(<CommentForm onSent={onSent} submit={submit} />);
  const send = () => user.click(screen.getByRole('button', { name: /^(Send|Retry)$/ }));
  const typeComment = (text: string) =>
    fireEvent.change(screen.getByRole('textbox', { name: 'Your comment (optional)' }), { target: { value: text } });
  return { user, submit, onSent, send, typeComment };
}

describe('CommentForm', () => {
  it('offers five stars as one accessible radio group', () => {
    setup();
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('radio', { name: '1 star' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeInTheDocument();
  });

  it('requires a rating: says so, marks the group invalid, focuses the first star and sends nothing', async () => {
    const { send, submit, onSent } = setup();
    await send();
    const group = screen.getByRole('radiogroup', { name: 'Your rating' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Choose a rating from 1 to 5 stars.');
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();
    expect(onSent).not.toHaveBeenCalled();
  });

  it('clears the rating message as soon as a star is chosen, and shows its meaning', async () => {
    const { user, send } = setup();
    await send();
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    expect(screen.queryByText('Choose a rating from 1 to 5 stars.')).toBeNull();
    expect(screen.getByTestId('rating-meaning')).toHaveTextContent('Poor');
  });

  it('counts characters live with plural-correct texts', () => {
    const { typeComment } = setup();
    const counter = screen.getByTestId('comment-counter');
    expect(counter).toHaveTextContent(`${MAX_IN_ENGLISH} characters left`);
    typeComment('x'.repeat(COMMENT_MAX_LENGTH - 1));
    expect(counter).toHaveTextContent('1 character left');
    typeComment('x'.repeat(COMMENT_MAX_LENGTH + 1));
    expect(counter).toHaveTextContent('1 character too many');
    typeComment('x'.repeat(COMMENT_MAX_LENGTH + 5));
    expect(counter).toHaveTextContent('5 characters too many');
  });

  it('formats the counts for the language: French groups thousands with a narrow no-break space', async () => {
    const french = createInstance();
    await french.init({
      lng: 'fr',
      resources: { fr: { comments: frenchComments } },
      interpolation: { escapeValue: false },
    });
    render(
      <I18nextProvider i18n={french}>
        <CommentForm onSent={vi.fn()} submit={vi.fn()} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('comment-counter').textContent).toBe('1\u202f000 caractères restants');
  });

  it('refuses a comment over the maximum length with a message on the field, and sends nothing', async () => {
    const { user, send, submit, typeComment } = setup();
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    typeComment('x'.repeat(COMMENT_MAX_LENGTH + 1));
    await send();
    const textarea = screen.getByRole('textbox', { name: 'Your comment (optional)' });
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea).toHaveAccessibleDescription(
      expect.stringContaining(`Shorten your comment to ${MAX_IN_ENGLISH} characters or fewer.`),
    );
    expect(textarea).toHaveFocus();
    expect(submit).not.toHaveBeenCalled();

    typeComment(`  ${'x'.repeat(COMMENT_MAX_LENGTH)}  `);
    expect(textarea).not.toHaveAttribute('aria-invalid');
    await send();
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('sends a rating alone, with a fresh idempotency key', async () => {
    const { user, send, submit, onSent } = setup();
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await send();
    expect(submit).toHaveBeenCalledWith({ rating: 5, idempotency_key: expect.stringMatching(UUID) });
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('sends the topic and the trimmed comment', async () => {
    const { user, send, submit, typeComment } = setup();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Topic (optional)' }), 'Map and boundaries');
    typeComment('  The map was quick to draw.  ');
    await send();
    expect(submit).toHaveBeenCalledWith({
      rating: 4,
      topic: 'mapping',
      comment: 'The map was quick to draw.',
      idempotency_key: expect.stringMatching(UUID),
    });
  });

  it('disables the button while sending, so a double tap sends once', async () => {
    let finish!: (value: CommentCreatedResponse) => void;
    const submit = vi.fn(() => new Promise<CommentCreatedResponse>((resolve) => (finish = resolve)));
    const { user, onSent } = setup(submit);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    const button = screen.getByRole('button', { name: 'Send' });
    await user.dblClick(button);
    fireEvent.submit(button.closest('form')!);
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(submit).toHaveBeenCalledTimes(1);
    await act(async () => finish(STORED));
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('shows a failure with a retry that reuses the key; a changed answer gets a new key', async () => {
    const submit = vi
      .fn<(submission: CommentSubmission) => Promise<CommentCreatedResponse>>()
      .mockRejectedValueOnce(new ApiError(500, 'internal_error', 'boom'))
      .mockRejectedValueOnce(new ApiError(500, 'internal_error', 'boom'))
      .mockResolvedValue(STORED);
    const { user, send, onSent, typeComment } = setup(submit);
    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your comment could not be sent. Please try again.');
    expect(onSent).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    typeComment('Edited after the failure');
    await send();
    const keys = submit.mock.calls.map(([submission]) => submission.idempotency_key);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('says when the user is signed out, in the app, and offers no Retry that can never work', async () => {
    const bridge = installFakeBridge({});
    try {
      const submit = vi.fn().mockRejectedValue(new ApiError(401, 'unauthorized', 'Sign in again to continue.'));
      const { user, send } = setup(submit);
      await user.click(screen.getByRole('radio', { name: '1 star' }));
      await send();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'You are no longer signed in. Sign in to the Navimow app again, then send your comment.',
      );
      expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    } finally {
      bridge.uninstall();
    }
  });

  it('says to open the page in the app when there is no app to give a session', async () => {
    const submit = vi.fn().mockRejectedValue(new ApiError(401, 'unauthorized', 'Sign in again to continue.'));
    const { user, send } = setup(submit);
    await user.click(screen.getByRole('radio', { name: '1 star' }));
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Open this page in the Navimow app.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('keeps an offline comment and sends it with the same key once the connection is back', async () => {
    const submit = vi
      .fn<(submission: CommentSubmission) => Promise<CommentCreatedResponse>>()
      .mockRejectedValueOnce(new NetworkError('offline'))
      .mockResolvedValue(STORED);
    const { user, send, onSent } = setup(submit);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    setOnline(false);
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('No Internet connection.');
    await act(async () => setOnline(true));
    expect(submit).toHaveBeenCalledTimes(2);
    expect(submit.mock.calls[1]![0].idempotency_key).toBe(submit.mock.calls[0]![0].idempotency_key);
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('calls a request lost on the way while online a failure to retry, not offline', async () => {
    const submit = vi.fn().mockRejectedValue(new NetworkError('connection reset'));
    const { user, send } = setup(submit);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your comment could not be sent. Please try again.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });
});
