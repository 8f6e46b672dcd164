import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeReply } from '../../../testing/fake-api.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { renderAlexaScreen } from '../test-render.tsx';
import { UnlinkScreen } from './unlink-screen.tsx';

let uninstall: (() => void) | undefined;

const alexaLinked = (linked: boolean): FakeReply => ({
  status: 200,
  body: {
    links: [
      {
        platform: 'alexa',
        linked,
        linked_since: linked ? '2026-05-01T08:00:00.000Z' : null,
        client_id: linked ? 'alexa' : null,
      },
    ],
  },
});

async function open(replies: FakeReply[], state: FakeReply = alexaLinked(true)) {
  const rendered = await renderAlexaScreen(<UnlinkScreen />, {
    entry: '/smartHome/alexa/unbindAlexa',
    replies: { 'GET /voice-links': [state], 'DELETE /voice-links/alexa': replies },
  });
  uninstall = rendered.bridge?.uninstall;
  return rendered;
}

beforeAll(() => initTestI18n());
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  vi.unstubAllGlobals();
});

describe('UnlinkScreen', () => {
  it('is the confirmation itself: Unbind unlinks at once and says the seed’s success; Done closes the web view', async () => {
    const { user, api, bridge } = await open([{ status: 204 }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Unlink Alexa' })).toBeVisible();
    expect(
      screen.getByText('Voice control of your mower through Alexa stops. You can link again at any time.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/smartHome/alexa/info');
    const unlink = screen.getByRole('button', { name: 'Unbind' });
    expect(unlink).toHaveClass('danger');
    await user.click(unlink);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Unbind successfully' })).toHaveFocus();
    expect(api.changes()).toEqual(['DELETE /voice-links/alexa']);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(bridge!.callsOf('closeWebView')).toHaveLength(1));
  });

  it('says the seed’s failure, keeps the link, and Retry unlinks', async () => {
    const { user, api } = await open([apiError(502, 'amazon_failed'), { status: 204 }]);
    await user.click(screen.getByRole('button', { name: 'Unbind' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Failed to unbind account. Please try again.' }),
    ).toHaveFocus();
    expect(screen.getByText('Alexa is still linked and can still control your mower.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unbind successfully' })).toBeVisible();
    expect(api.changes()).toEqual(['DELETE /voice-links/alexa', 'DELETE /voice-links/alexa']);
  });

  it('sends one request for a double tap on Unbind', async () => {
    let answer!: (reply: { status: number }) => void;
    const { user, api } = await open([new Promise((resolve) => (answer = resolve))]);
    await user.dblClick(screen.getByRole('button', { name: 'Unbind' }));
    expect(screen.getByRole('button', { name: 'Unbind' })).toBeDisabled();
    expect(screen.getByText('Unlinking…')).toBeVisible();
    await act(async () => answer({ status: 204 }));
    expect(await screen.findByRole('heading', { name: 'Unbind successfully' })).toBeVisible();
    expect(api.changes()).toEqual(['DELETE /voice-links/alexa']);
  });

  it('tells an account that Alexa is not linked, and offers to link instead of a success for nothing', async () => {
    const { api } = await open([], alexaLinked(false));
    expect((await screen.findByText('Not linked with Alexa')).closest('[role="status"]')).toHaveAttribute(
      'data-state',
      'notLinked',
    );
    expect(screen.getByRole('link', { name: 'Bind' })).toHaveAttribute('href', '/smartHome/alexa/startBindLink');
    expect(screen.queryByRole('button', { name: 'Unbind' })).toBeNull();
    expect(api.changes()).toEqual([]);
  });

  it('offers Unbind when the link cannot be looked up (unlinking what is not linked is harmless)', async () => {
    const { user, api } = await open([{ status: 204 }], apiError(503, 'unavailable'));
    expect(await screen.findByText('Could not check whether Alexa is linked.')).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Unbind' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unbind successfully' })).toBeVisible();
    expect(api.changes()).toEqual(['DELETE /voice-links/alexa']);
  });
});
