import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VoiceLink } from '../../../../common/voice-links.ts';
import { refreshAccessToken } from '../../../lib/session.ts';
import { type FakeHandlers, installFakeBridge } from '../../../testing/fake-bridge.ts';
import { apiError, type FakeReply, installFakeApi } from '../../../testing/fake-api.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { BindDetailScreen } from './bind-detail-screen.tsx';
import { StartUnbindLinkScreen } from './start-unbind-link-screen.tsx';

const GOOGLE_LINKED: VoiceLink = {
  platform: 'google',
  bound: true,
  bound_since: '2026-05-01T10:00:00.000Z',
  client_id: 'google',
};
const NOT_LINKED: VoiceLink = { platform: 'google', bound: false, bound_since: null, client_id: null };
const links = (google: VoiceLink) => ({
  status: 200,
  body: { links: [{ platform: 'alexa', bound: false, bound_since: null, client_id: null }, google] },
});

let bridge: ReturnType<typeof installFakeBridge> | undefined;
let api: ReturnType<typeof installFakeApi>;

async function setup(path: string, replies: Record<string, FakeReply[]>, handlers: FakeHandlers = {}) {
  bridge = installFakeBridge({
    getCommonAppData: () => ({
      code: 0,
      data: { vehicle_sn: '', email: 'demo@navimow.example', client_ver: '3.0.200', access_token: 'token' },
    }),
    ...handlers,
  });
  await refreshAccessToken();
  api = installFakeApi(replies);
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/smartHome/googleHome/bindDetail" element={<BindDetailScreen />} />
        <Route path="/smartHome/googleHome/startUnbindLink" element={<StartUnbindLinkScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeAll(() => initTestI18n());
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
  vi.unstubAllGlobals();
});

describe('BindDetailScreen', () => {
  it('says what the link gives from the first view, above the state that follows', async () => {
    await setup('/smartHome/googleHome/bindDetail', { '/voice-links': [links(NOT_LINKED)] });
    const lead = screen.getByText(/^With Google Assistant and the Google Home app, you control your mower by voice/);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const state = await screen.findByTestId('google-link-state');
    expect(screen.getByText(/^With Google Assistant/)).toBe(lead);
    expect(lead.compareDocumentPosition(state) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('not linked: opens Google Home at Navimow’s account linking, and offers the guide', async () => {
    const user = await setup(
      '/smartHome/googleHome/bindDetail',
      { '/voice-links': [links(NOT_LINKED)] },
      { openGoogleHomeURI: () => ({ code: 0 }) },
    );
    expect(await screen.findByTestId('google-link-state')).toHaveTextContent('Not linked');
    expect(screen.getByRole('link', { name: 'How to connect' })).toHaveAttribute(
      'href',
      '/smartHome/googleHome/howToConnect',
    );
    expect(screen.queryByRole('link', { name: 'Unlink' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open Google Home' }));
    await waitFor(() =>
      expect(bridge!.callsOf('openGoogleHomeURI')).toEqual([
        { uri: 'https://home.google.com/home-app/?deeplink=setup%2Fha_linking%3Fagent_id%3Dnavimow-demo' },
      ]),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when Google Home cannot be opened', async () => {
    const user = await setup(
      '/smartHome/googleHome/bindDetail',
      { '/voice-links': [links(NOT_LINKED)] },
      { openGoogleHomeURI: () => ({ code: 500, msg: 'x' }) },
    );
    await user.click(await screen.findByRole('button', { name: 'Open Google Home' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google Home could not be opened.');
  });

  it('linked: says since when, and leads to unlinking instead of connecting', async () => {
    await setup('/smartHome/googleHome/bindDetail', { '/voice-links': [links(GOOGLE_LINKED)] });
    expect(await screen.findByTestId('google-link-state')).toHaveTextContent('Linked');
    expect(screen.getByText('Your Navimow account is linked with Google since May 1, 2026.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Unlink' })).toHaveAttribute(
      'href',
      '/smartHome/googleHome/startUnbindLink',
    );
    expect(screen.queryByRole('button', { name: 'Open Google Home' })).toBeNull();
    const more = screen.getByRole('region', { name: 'Learn more' });
    expect(within(more).getByRole('link', { name: 'Voice commands' })).toHaveAttribute(
      'href',
      '/smartHome/googleHome/voiceInfo',
    );
  });

  it('shows a failed load with Retry', async () => {
    const user = await setup('/smartHome/googleHome/bindDetail', {
      '/voice-links': [apiError(500, 'internal'), links(GOOGLE_LINKED)],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The link with Google could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('google-link-state')).toHaveTextContent('Linked');
  });
});

describe('StartUnbindLinkScreen', () => {
  const path = '/smartHome/googleHome/startUnbindLink';

  it('is the confirmation itself: says what unlinking does while it finds the link, then offers Unlink and Cancel', async () => {
    await setup(path, { '/voice-links': [links(GOOGLE_LINKED)] });
    const main = screen.getByRole('main');
    expect(within(main).getByText(/^Unlinking removes voice control/)).toBeVisible();
    expect(within(main).getByText('You can link your Navimow account with Google again at any time.')).toBeVisible();
    const unlink = await screen.findByRole('button', { name: 'Unlink' });
    expect(unlink).toHaveClass('danger');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/smartHome/googleHome/bindDetail');
    expect(api.changes()).toEqual([]);
  });

  it('does not speak of unlinking as if there were a link when there is none', async () => {
    await setup(path, { '/voice-links': [links(NOT_LINKED)] });
    await screen.findByText('Google Assistant is not linked with your Navimow account.');
    expect(screen.queryByText(/^Unlinking removes voice control/)).toBeNull();
  });

  it('Cancel unlinks nothing and goes back to the link state', async () => {
    const user = await setup(path, { '/voice-links': [links(GOOGLE_LINKED), links(GOOGLE_LINKED)] });
    await screen.findByRole('button', { name: 'Unlink' });
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByTestId('google-link-state')).toHaveTextContent('Linked');
    expect(api.changes()).toEqual([]);
  });

  it('unlinks at the tap, with no dialog, once for a double tap, and Done goes back to the link state', async () => {
    let answer!: (reply: { status: number }) => void;
    const user = await setup(path, {
      '/voice-links': [links(GOOGLE_LINKED), links(NOT_LINKED)],
      'DELETE /voice-links/google': [new Promise((resolve) => (answer = resolve))],
    });
    await user.dblClick(await screen.findByRole('button', { name: 'Unlink' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Unlinking…' })).toBeDisabled();
    await act(async () => answer({ status: 204 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unbind successfully' })).toHaveFocus();
    expect(api.changes()).toEqual(['DELETE /voice-links/google']);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId('google-link-state')).toHaveTextContent('Not linked');
  });

  it('shows a failure with Retry, which unlinks', async () => {
    const user = await setup(path, {
      '/voice-links': [links(GOOGLE_LINKED)],
      'DELETE /voice-links/google': [apiError(502, 'bad_gateway'), { status: 204 }],
    });
    await user.click(await screen.findByRole('button', { name: 'Unlink' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unlinking failed' })).toBeVisible();
    expect(screen.getByText('Failed to unlink account. Please try again.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unbind successfully' })).toBeVisible();
    expect(api.changes()).toEqual(['DELETE /voice-links/google', 'DELETE /voice-links/google']);
  });

  it('says when Google is not linked, with nothing to confirm, and offers to connect', async () => {
    await setup(path, { '/voice-links': [links(NOT_LINKED)] });
    expect(await screen.findByText('Google Assistant is not linked with your Navimow account.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Connect with Google Home' })).toHaveAttribute(
      'href',
      '/smartHome/googleHome/howToConnect',
    );
  });
});
