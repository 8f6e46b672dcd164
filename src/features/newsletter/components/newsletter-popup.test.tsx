import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshAccessToken } from '../../../lib/session.ts';
import { apiError, type FakeReply, installFakeApi } from '../../../testing/fake-api.ts';
import { installFakeBridge } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { CLOSE_AFTER_SUBSCRIBING_MS, NewsletterPopup } from './newsletter-popup.tsx';

let bridge: ReturnType<typeof installFakeBridge> | undefined;
let api: ReturnType<typeof installFakeApi>;

const shown = { status: 200, body: { show: true } };
const accepted = { status: 202, body: { status: 'subscribed' } };

async function setup({
  email = 'demo@navimow.example',
  closeCode = 0,
  replies,
}: {
  email?: string;
  closeCode?: number;
  replies: Record<string, FakeReply[]>;
}) {
  bridge = installFakeBridge({
    getCommonAppData: () => ({
      code: 0,
      data: { vehicle_sn: '', email, client_ver: '3.0.200', access_token: 'token' },
    }),
    closeWebView: () => ({ code: closeCode, ...(closeCode && { msg: 'cannot close' }) }),
  });
  await refreshAccessToken();
  api = installFakeApi(replies);
  const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {});
  render(<NewsletterPopup />);
  return user;
}

const emailField = () => screen.getByRole('textbox', { name: 'Email address' });
const closes = () => bridge!.callsOf('closeWebView').length;

beforeAll(() => initTestI18n());
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('NewsletterPopup', () => {
  it('prefills the address the app knows, and offers Subscribe, Not now and Don’t show this again', async () => {
    await setup({ replies: { 'GET /newsletter/prompt': [shown] } });
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toHaveValue('demo@navimow.example');
    expect(screen.getByRole('heading', { level: 1, name: 'Navimow newsletter' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Not now' })).toBeEnabled();
    expect(screen.getByRole('button', { name: "Don't show this again" })).toBeEnabled();
  });

  it('says what the newsletter brings before the question, already while it asks the server', async () => {
    let answer!: (reply: { status: number; body: unknown }) => void;
    await setup({ replies: { 'GET /newsletter/prompt': [new Promise((resolve) => (answer = resolve))] } });
    const benefits = () => within(screen.getByRole('list')).getAllByRole('listitem');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(benefits().map((item) => item.textContent)).toEqual([
      'Mowing tips for each seasonWhen to mow, how high to cut, and how to get your lawn and mower through winter.',
      'New featuresWhat the latest app and firmware updates bring to your mower.',
      'News and offersNew Navimow products and accessories, and the occasional offer.',
    ]);
    await act(async () => answer(shown));
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toBeVisible();
    expect(benefits()).toHaveLength(3);
    expect(screen.getByText('You can unsubscribe at any time.')).toBeVisible();
  });

  it('makes Subscribe the form’s own action, and the two ways to decline plain buttons beside it', async () => {
    await setup({ replies: { 'GET /newsletter/prompt': [shown] } });
    const form = (await screen.findByRole('textbox', { name: 'Email address' })).closest('form')!;
    expect(within(form).getByRole('button', { name: 'Subscribe' })).toHaveAttribute('type', 'submit');
    expect(within(form).queryByRole('button', { name: 'Not now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Not now' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: "Don't show this again" })).toHaveAttribute('type', 'button');
  });

  it('leaves the field empty when the app has no address', async () => {
    await setup({ email: '', replies: { 'GET /newsletter/prompt': [shown] } });
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toHaveValue('');
  });

  it('subscribes in the page’s language, thanks the user and closes the web view by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = await setup({
      replies: { 'GET /newsletter/prompt': [shown], 'POST /newsletter/subscriptions': [accepted] },
    });
    await user.clear(await screen.findByRole('textbox', { name: 'Email address' }));
    await user.type(emailField(), '  Gardener@Example.org ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for subscribing' })).toHaveFocus();
    expect(screen.getByText('The newsletter will be sent to Gardener@Example.org.')).toBeVisible();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'Gardener@Example.org',
      language: 'en',
    });
    expect(closes()).toBe(0);
    await act(async () => vi.advanceTimersByTime(CLOSE_AFTER_SUBSCRIBING_MS));
    await waitFor(() => expect(closes()).toBe(1));
  });

  it('refuses an invalid address without asking the server, and says so on the field', async () => {
    const user = await setup({ replies: { 'GET /newsletter/prompt': [shown] } });
    await user.clear(await screen.findByRole('textbox', { name: 'Email address' }));
    await user.type(emailField(), 'gardener@example');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('Incorrect email address. Please try again.');
    expect(emailField()).toHaveFocus();
    expect(api.changes()).toEqual([]);
    await user.type(emailField(), '.org');
    expect(emailField()).not.toHaveAttribute('aria-invalid');
  });

  it('shows the server’s refusal of an address the same way', async () => {
    const user = await setup({
      replies: {
        'GET /newsletter/prompt': [shown],
        'POST /newsletter/subscriptions': [apiError(400, 'invalid_request')],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(emailField()).toHaveAccessibleDescription('Incorrect email address. Please try again.'));
    expect(closes()).toBe(0);
  });

  it('sends one subscription for a double tap', async () => {
    let answer!: (reply: { status: number; body: unknown }) => void;
    const user = await setup({
      replies: {
        'GET /newsletter/prompt': [shown],
        'POST /newsletter/subscriptions': [new Promise((resolve) => (answer = resolve))],
      },
    });
    await user.dblClick(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('button', { name: 'Subscribing…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Not now' })).toBeDisabled();
    await act(async () => answer(accepted));
    expect(await screen.findByRole('heading', { name: 'Thank you for subscribing' })).toBeVisible();
    expect(api.changes()).toEqual(['POST /newsletter/subscriptions']);
  });

  it('says when subscribing failed, and keeps the form to try again', async () => {
    const user = await setup({
      replies: { 'GET /newsletter/prompt': [shown], 'POST /newsletter/subscriptions': ['network-error'] },
    });
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You could not be subscribed. Please try again.');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('closes on Not now, and remembers nothing', async () => {
    const user = await setup({ replies: { 'GET /newsletter/prompt': [shown] } });
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(closes()).toBe(1));
    expect(api.changes()).toEqual([]);
  });

  it('offers a Close at the top, before the title, that closes as Not now does', async () => {
    const user = await setup({ replies: { 'GET /newsletter/prompt': [shown] } });
    const close = await screen.findByRole('button', { name: 'Close' });
    const title = screen.getByRole('heading', { level: 1 });
    expect(close.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(close);
    await waitFor(() => expect(closes()).toBe(1));
    expect(api.changes()).toEqual([]);
  });

  it('remembers Don’t show this again on the server, then closes', async () => {
    const user = await setup({
      replies: { 'GET /newsletter/prompt': [shown], 'POST /newsletter/prompt/dismissal': [{ status: 204 }] },
    });
    await user.click(await screen.findByRole('button', { name: "Don't show this again" }));
    await waitFor(() => expect(closes()).toBe(1));
    expect(api.changes()).toEqual(['POST /newsletter/prompt/dismissal']);
  });

  it('stays open when Don’t show this again could not be saved', async () => {
    const user = await setup({
      replies: {
        'GET /newsletter/prompt': [shown],
        'POST /newsletter/prompt/dismissal': [apiError(503, 'unavailable')],
      },
    });
    await user.click(await screen.findByRole('button', { name: "Don't show this again" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your choice could not be saved. Please try again.');
    expect(closes()).toBe(0);
  });

  it('says so when the app cannot close the popup after Don’t show this again was saved', async () => {
    const user = await setup({
      closeCode: 500,
      replies: { 'GET /newsletter/prompt': [shown], 'POST /newsletter/prompt/dismissal': [{ status: 204 }] },
    });
    await user.click(await screen.findByRole('button', { name: "Don't show this again" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This page could not be closed. Use the back button of the app.',
    );
    expect(api.changes()).toEqual(['POST /newsletter/prompt/dismissal']);
  });

  it('closes itself at once when the server says not to show it', async () => {
    await setup({ replies: { 'GET /newsletter/prompt': [{ status: 200, body: { show: false } }] } });
    await waitFor(() => expect(closes()).toBe(1));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('offers a retry when it cannot ask the server', async () => {
    const user = await setup({ replies: { 'GET /newsletter/prompt': ['network-error', shown] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The newsletter offer could not be loaded. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toBeVisible();
  });
});
