import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshAccessToken } from '../../../lib/session.ts';
import { apiError, type FakeReply, installFakeApi } from '../../../testing/fake-api.ts';
import { type FakeAnswer, installFakeBridge } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { AppLinkScreen } from './app-link-screen.tsx';

const REDIRECT = 'https://oauth-redirect.googleusercontent.com/r/navimow-demo';
const QUERY = `?client_id=google&scope=mower%3Aread+mower%3Acontrol&redirect_uri=${encodeURIComponent(REDIRECT)}&state=st-1`;
const SIGNED_IN: FakeAnswer<'getCommonAppData'> = {
  code: 0,
  data: { vehicle_sn: '', email: 'demo@navimow.example', client_ver: '3.0.200', access_token: 'app-token' },
};

let bridge: ReturnType<typeof installFakeBridge> | undefined;
let api: ReturnType<typeof installFakeApi>;

async function setup({
  query = QUERY,
  appData = SIGNED_IN,
  replies = {},
}: {
  query?: string;
  appData?: FakeAnswer<'getCommonAppData'>;
  replies?: Record<string, FakeReply[]>;
}) {
  bridge = installFakeBridge({
    getCommonAppData: () => appData,
    setAppFlipResult: () => ({ code: 0 }),
    closeWebView: () => ({ code: 0 }),
    openExternalURI: () => ({ code: 0 }),
  });
  await refreshAccessToken().catch(() => undefined);
  api = installFakeApi(replies);
  render(
    <MemoryRouter initialEntries={[`/smartHome/googleHome/appBind${query}`]}>
      <AppLinkScreen />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const appFlipPosts = () => api.requests.filter((request) => request.path === '/voice-links/google/app-flip');

beforeAll(() => initTestI18n());
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
  vi.unstubAllGlobals();
});

describe('AppLinkScreen (App Flip)', () => {
  it('shows the consent for the app’s user, and on Agree hands Google the server’s code with the state, then closes', async () => {
    const user = await setup({
      replies: { 'POST /voice-links/google/app-flip': [{ status: 200, body: { code: 'code-1' } }] },
    });
    expect(await screen.findByText('Navimow account: demo@navimow.example')).toBeVisible();
    const permissions = screen.getByRole('region', { name: 'Google will be able to:' });
    expect(permissions).toHaveTextContent('Read the status of your devices');
    expect(permissions).toHaveTextContent('Control your devices on your behalf');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      'https://navimow.segway.com/privacy-policy',
    );

    await user.dblClick(screen.getByRole('button', { name: 'Agree and link' }));
    await waitFor(() => expect(bridge!.callsOf('closeWebView')).toHaveLength(1));
    expect(appFlipPosts()).toHaveLength(1);
    expect(appFlipPosts()[0]).toMatchObject({
      body: { client_id: 'google', scope: 'mower:read mower:control', redirect_uri: REDIRECT },
      headers: { Authorization: 'Bearer app-token' },
    });
    expect(bridge!.callsOf('setAppFlipResult')).toEqual([{ result: 'success', code: 'code-1', state: 'st-1' }]);
  });

  it('answers denied on Cancel, asks the server for nothing, and closes', async () => {
    const user = await setup({});
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(bridge!.callsOf('closeWebView')).toHaveLength(1));
    expect(bridge!.callsOf('setAppFlipResult')).toEqual([{ result: 'denied' }]);
    expect(api.requests).toEqual([]);
  });

  it('answers failed when the server does not know the client, and explains it', async () => {
    const user = await setup({
      query: QUERY.replace('client_id=google', 'client_id=intruder'),
      replies: { 'POST /voice-links/google/app-flip': [apiError(400, 'invalid_client')] },
    });
    await user.click(await screen.findByRole('button', { name: 'Agree and link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Linking is not possible' })).toHaveFocus();
    await waitFor(() => expect(bridge!.callsOf('setAppFlipResult')).toEqual([{ result: 'failed' }]));
    await user.click(screen.getByRole('button', { name: 'Back to Google Home' }));
    await waitFor(() => expect(bridge!.callsOf('closeWebView')).toHaveLength(1));
  });

  it('answers failed at once for a request without a client id', async () => {
    await setup({ query: `?redirect_uri=${encodeURIComponent(REDIRECT)}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Linking is not possible' })).toBeVisible();
    await waitFor(() => expect(bridge!.callsOf('setAppFlipResult')).toEqual([{ result: 'failed' }]));
    expect(screen.queryByRole('button', { name: 'Agree and link' })).toBeNull();
  });

  it('keeps the consent after a failure the user can retry, and links on the retry', async () => {
    const user = await setup({
      replies: { 'POST /voice-links/google/app-flip': ['network-error', { status: 200, body: { code: 'code-2' } }] },
    });
    await user.click(await screen.findByRole('button', { name: 'Agree and link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account could not be linked. Please try again.');
    expect(bridge!.callsOf('setAppFlipResult')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Agree and link' }));
    await waitFor(() =>
      expect(bridge!.callsOf('setAppFlipResult')).toEqual([{ result: 'success', code: 'code-2', state: 'st-1' }]),
    );
  });

  it('signs the user in on the page when the app has nobody signed in, and links with that session only', async () => {
    const user = await setup({
      appData: { code: 401, msg: 'not signed in' },
      replies: {
        'POST /auth/login': [
          apiError(401, 'invalid_credentials'),
          {
            status: 200,
            body: { access_token: 'own-token', refresh_token: 'r', token_type: 'Bearer', expires_in: 600 },
          },
        ],
        'POST /voice-links/google/app-flip': [{ status: 200, body: { code: 'code-3' } }],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter your account.')).toBeVisible();
    await user.type(screen.getByLabelText('E-mail or phone number'), 'demo@navimow.example');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password or account. Please try again.');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Navimow-demo-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Navimow account: demo@navimow.example')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Agree and link' }));
    await waitFor(() =>
      expect(bridge!.callsOf('setAppFlipResult')).toEqual([{ result: 'success', code: 'code-3', state: 'st-1' }]),
    );
    expect(appFlipPosts()[0]!.headers.Authorization).toBe('Bearer own-token');
  });

  it('opens the privacy policy in the system browser', async () => {
    const user = await setup({});
    await user.click(await screen.findByRole('link', { name: 'Privacy policy' }));
    await waitFor(() =>
      expect(bridge!.callsOf('openExternalURI')).toEqual([{ uri: 'https://navimow.segway.com/privacy-policy' }]),
    );
  });
});
