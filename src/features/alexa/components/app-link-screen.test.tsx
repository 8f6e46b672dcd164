import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../testing/fake-api.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { renderAlexaScreen } from '../test-render.tsx';
import { AppLinkScreen } from './app-link-screen.tsx';

const PATH = '/smartHome/alexa/appBind';
const linked = {
  status: 200,
  body: { link: { platform: 'alexa', linked: true, linked_since: new Date().toISOString(), client_id: 'alexa' } },
};
const links = (linkedSince: string | null) => ({
  status: 200,
  body: {
    links: [
      {
        platform: 'alexa',
        linked: linkedSince !== null,
        linked_since: linkedSince,
        client_id: linkedSince ? 'alexa' : null,
      },
    ],
  },
});

let uninstall: (() => void) | undefined;
let states = 0;
/** Each test its own state: the screen remembers outcomes per state for the page's life. */
const freshState = () => `state-${Date.now()}-${(states += 1)}`;

async function open(query: string, replies: Parameters<typeof renderAlexaScreen>[1]['replies'] = {}) {
  const rendered = await renderAlexaScreen(<AppLinkScreen />, { entry: `${PATH}?${query}`, path: PATH, replies });
  uninstall = rendered.bridge?.uninstall;
  return rendered;
}

beforeAll(() => initTestI18n());
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('AppLinkScreen', () => {
  it('completes the link with Amazon’s code and our state, says so with sample commands, and Done closes the web view', async () => {
    const state = freshState();
    const { api, user, bridge } = await open(`code=amazon-code&state=${state}`, {
      'POST /voice-links/alexa/complete': [linked],
    });
    expect(screen.getByText('Linking your Navimow account with Alexa…')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bind successful' })).toHaveFocus();
    expect(screen.getByText('Alexa can now control your mower. Try saying:')).toBeVisible();
    expect(screen.getByText('Alexa, ask Segway robot to start mowing.')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('link', { name: 'All voice commands' })).toHaveAttribute(
      'href',
      '/smartHome/alexa/voiceInfo',
    );
    expect(api.requests.map((request) => [request.method, request.path, request.body])).toEqual([
      ['POST', '/voice-links/alexa/complete', { code: 'amazon-code', state }],
    ]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(bridge!.callsOf('closeWebView')).toHaveLength(1));
  });

  it('shows the success again for the same answer (a reload, a second redirect) without completing twice', async () => {
    const state = freshState();
    const first = await open(`code=c&state=${state}`, { 'POST /voice-links/alexa/complete': [linked] });
    expect(await screen.findByRole('heading', { name: 'Bind successful' })).toBeVisible();
    first.view.unmount();
    uninstall?.();
    vi.unstubAllGlobals();

    // Nothing queued: a second request for this state would fail the test.
    const again = await open(`code=c&state=${state}`);
    expect(await screen.findByRole('heading', { name: 'Bind successful' })).toBeVisible();
    expect(again.api.requests).toEqual([]);
  });

  it('shows the seed’s failure when the user did not allow the link, without asking the server; Retry starts again', async () => {
    const { api, user } = await open(`error=access_denied&error_description=denied&state=${freshState()}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Failed to bind account. Please try again.' }),
    ).toHaveFocus();
    expect(screen.getByText("The link was not allowed on Amazon's page.")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Still not working? See the troubleshooting steps.' })).toHaveAttribute(
      'href',
      '/smartHome/alexa/troubleshooting',
    );
    expect(api.requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/smartHome/alexa/startBindLink');
  });

  it('tells an expired or used state and Amazon’s refusal apart', async () => {
    const expired = await open(`code=c&state=${freshState()}`, {
      'POST /voice-links/alexa/complete': [apiError(400, 'invalid_state')],
      'GET /voice-links': [links(null)],
    });
    expect(
      await screen.findByText('This link request has expired or has been used already. Start again.'),
    ).toBeVisible();
    expired.view.unmount();
    uninstall?.();
    vi.unstubAllGlobals();

    await open(`code=c&state=${freshState()}`, {
      'POST /voice-links/alexa/complete': [apiError(502, 'amazon_failed')],
    });
    expect(await screen.findByText('Amazon did not confirm the link. Nothing has been linked.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Failed to bind account. Please try again.');
  });

  it('takes a used state for success when the account was linked moments ago (the same answer arriving twice)', async () => {
    await open(`code=c&state=${freshState()}`, {
      'POST /voice-links/alexa/complete': [apiError(400, 'invalid_state')],
      'GET /voice-links': [links(new Date(Date.now() - 5_000).toISOString())],
    });
    expect(await screen.findByRole('heading', { name: 'Bind successful' })).toBeVisible();
  });

  it('does not take an old link for this attempt’s success', async () => {
    await open(`code=c&state=${freshState()}`, {
      'POST /voice-links/alexa/complete': [apiError(400, 'invalid_state')],
      'GET /voice-links': [links('2025-01-01T00:00:00.000Z')],
    });
    expect(await screen.findByRole('heading', { name: 'Failed to bind account. Please try again.' })).toBeVisible();
  });

  it('explains a page opened without Amazon’s answer', async () => {
    const { api } = await open('lang=en');
    expect(await screen.findByRole('heading', { name: 'Failed to bind account. Please try again.' })).toBeVisible();
    expect(screen.getByText(/^This page opens when Amazon sends you back after linking/)).toBeVisible();
    expect(api.requests).toEqual([]);
  });

  it('shows a failure of our server as a failure, never as a success', async () => {
    await open(`code=c&state=${freshState()}`, { 'POST /voice-links/alexa/complete': [apiError(500, 'internal')] });
    expect(await screen.findByRole('heading', { name: 'Failed to bind account. Please try again.' })).toBeVisible();
    expect(screen.getByText('Something went wrong on our side. Nothing has been linked.')).toBeVisible();
  });
});
