import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InvitationDto } from '../../../../common/sharing.ts';
import { beginPersonalView, endPersonalView } from '../../../lib/personal-view-data.ts';
import { refreshAccessToken } from '../../../lib/session.ts';
import { apiError, type FakeReply, installFakeApi } from '../../../testing/fake-api.ts';
import { installFakeBridge } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { ShareInvitationScreen } from './share-invitation-screen.tsx';

const PENDING: InvitationDto = {
  id: 'inv-1',
  state: 'pending',
  inviter_name: '<img src=x onerror=alert(1)> Sam',
  mower: { serial_number: 'NVM-TEST-0003', name: 'Orchard', model: 'Navimow H800E' },
  for_me: true,
  expires_at: '2026-06-08T10:00:00.000Z',
  responded_at: null,
};

let bridge: ReturnType<typeof installFakeBridge> | undefined;
let api: ReturnType<typeof installFakeApi>;

/** A fake app at this build and a fake server answering each request with the next reply for its path. */
async function setup({
  id = 'inv-1',
  versionCode = 300000200,
  replies,
}: {
  id?: string | null;
  versionCode?: number;
  replies: Record<string, FakeReply[]>;
}) {
  bridge = installFakeBridge({
    getCommonAppData: () => ({
      code: 0,
      data: { vehicle_sn: '', email: 'demo@navimow.example', client_ver: '3.0.200', access_token: 'token' },
    }),
    getAppVersion: () => ({ code: 0, data: { versionName: 'x', versionCode } }),
    closeWebView: () => ({ code: 0 }),
  });
  await refreshAccessToken();
  api = installFakeApi(Object.fromEntries(Object.entries(replies).map(([path, queue]) => [`/sharing${path}`, queue])));
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[id === null ? '/shareInvitation' : `/shareInvitation?id=${id}`]}>
      <ShareInvitationScreen />
    </MemoryRouter>,
  );
  return user;
}

const ok = (invitation: InvitationDto) => ({ status: 200, body: { invitation } });
const posts = () => api.changes().map((change) => change.replace('POST /sharing', ''));

beforeAll(() => initTestI18n());
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
  vi.unstubAllGlobals();
});

describe('ShareInvitationScreen', () => {
  it('in a personal first view, shows the invitation the view was rendered with at once, in the reader’s time zone, and answers it', async () => {
    // The view's answer, at an app version too old for sharing, and then at a new enough one.
    for (const [appVersionCode, offered] of [
      [300000100, false],
      [300000200, true],
    ] as const) {
      beginPersonalView({
        now: Date.now(),
        timeZone: 'Pacific/Auckland',
        appVersionCode,
        responses: { '/sharing/invitations/inv-1': { invitation: PENDING } },
      });
      try {
        await setup({ replies: { '/invitations/inv-1/accept': [ok({ ...PENDING, state: 'accepted' })] } });
        // At once: nothing to wait for, nothing asked.
        if (!offered) {
          expect(screen.getByRole('heading', { level: 1, name: 'App update needed' })).toBeVisible();
        } else {
          expect(screen.getByText('<img src=x onerror=alert(1)> Sam invites you to share a mower.')).toBeVisible();
          // 10:00 UTC is 22:00 in Auckland, on the same day.
          expect(screen.getByText(/^Answer by June 8, 2026 at 10:00\sPM/)).toBeVisible();
        }
        expect(api.requests).toEqual([]);
      } finally {
        endPersonalView();
      }
      if (offered) {
        await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
        expect(await screen.findByRole('heading', { level: 1, name: 'Invitation accepted' })).toBeVisible();
        expect(posts()).toEqual(['/invitations/inv-1/accept']);
      }
      bridge?.uninstall();
      cleanup();
    }
  });

  it('shows who invites to which mower as plain text, the terms, and Accept and Reject', async () => {
    await setup({ replies: { '/invitations/inv-1': [ok(PENDING)] } });
    expect(await screen.findByText('<img src=x onerror=alert(1)> Sam invites you to share a mower.')).toBeVisible();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Sharing invitation' })).toBeVisible();
    expect(screen.getByTestId('invitation-mower')).toHaveTextContent('Orchard');
    expect(screen.getByTestId('invitation-model')).toHaveTextContent('Navimow H800E');
    const terms = screen.getByRole('region', { name: 'What sharing means' });
    expect(terms).toHaveTextContent('you and the owner can both manage this mower');
    expect(terms).toHaveTextContent('Settings > Device management > Device sharing');
    expect(screen.getByText(/^Answer by June 8, 2026/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('makes Accept the one main action, and Reject (harmless: the owner can invite again) a lesser one, not red', async () => {
    const user = await setup({ replies: { '/invitations/inv-1': [ok(PENDING)] } });
    expect(await screen.findByRole('button', { name: 'Accept' })).toHaveClass('primary');
    const reject = screen.getByRole('button', { name: 'Reject' });
    expect(reject).toHaveClass('secondary');
    expect(reject).not.toHaveClass('danger');
    await user.click(reject);
    const dialog = screen.getByRole('dialog', { name: 'Reject this invitation?' });
    expect(within(dialog).getByRole('button', { name: 'Reject' })).not.toHaveClass('danger');
  });

  it('accepts, says so, and closes the web view on Done', async () => {
    const user = await setup({
      replies: {
        '/invitations/inv-1': [ok(PENDING)],
        '/invitations/inv-1/accept': [ok({ ...PENDING, state: 'accepted' })],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation accepted' })).toHaveFocus();
    expect(screen.getByText('Orchard is now in your mower list. You and the owner can both manage it.')).toBeVisible();
    expect(posts()).toEqual(['/invitations/inv-1/accept']);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(bridge!.callsOf('closeWebView')).toHaveLength(1));
  });

  it('sends one request for a double tap on Accept', async () => {
    let answer!: (reply: { status: number; body: unknown }) => void;
    const user = await setup({
      replies: {
        '/invitations/inv-1': [ok(PENDING)],
        '/invitations/inv-1/accept': [
          new Promise((resolve) => (answer = resolve)),
          ok({ ...PENDING, state: 'accepted' }),
        ],
      },
    });
    const accept = await screen.findByRole('button', { name: 'Accept' });
    await user.dblClick(accept);
    expect(screen.getByRole('button', { name: 'Accepting…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled();
    await act(async () => answer(ok({ ...PENDING, state: 'accepted' })));
    expect(await screen.findByRole('heading', { name: 'Invitation accepted' })).toBeVisible();
    expect(posts()).toEqual(['/invitations/inv-1/accept']);
  });

  it('asks before rejecting: Cancel keeps the invitation open, Reject rejects it', async () => {
    const user = await setup({
      replies: {
        '/invitations/inv-1': [ok(PENDING)],
        '/invitations/inv-1/reject': [ok({ ...PENDING, state: 'rejected' })],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    let dialog = screen.getByRole('dialog', { name: 'Reject this invitation?' });
    expect(dialog).toHaveTextContent('Only <img src=x onerror=alert(1)> Sam can send you a new invitation.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    dialog = screen.getByRole('dialog', { name: 'Reject this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation rejected' })).toBeVisible();
    expect(posts()).toEqual(['/invitations/inv-1/reject']);
  });

  it('shows an expired invitation as expired, without Accept', async () => {
    await setup({ replies: { '/invitations/inv-1': [ok({ ...PENDING, state: 'expired' })] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation expired' })).toBeVisible();
    expect(
      screen.getByText(
        'This invitation can no longer be accepted. Ask <img src=x onerror=alert(1)> Sam to send you a new one.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('tells an app older than the required version to update, and offers no Accept', async () => {
    await setup({ versionCode: 300000152, replies: { '/invitations/inv-1': [ok(PENDING)] } });
    expect(
      await screen.findByText('App version is outdated. Please upgrade it to the latest version and try again.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('accepts with the app at exactly the required version', async () => {
    await setup({ versionCode: 300000153, replies: { '/invitations/inv-1': [ok(PENDING)] } });
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('explains an invitation for another account, whether the server refuses it or the inviter opens it', async () => {
    await setup({ replies: { '/invitations/inv-1': [apiError(403, 'invitation_not_for_you')] } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation is for another account' }),
    ).toBeVisible();
  });

  it('explains to the inviter that the invitation is for someone else', async () => {
    await setup({ replies: { '/invitations/inv-1': [ok({ ...PENDING, for_me: false })] } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation is for another account' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('explains an id that names no invitation', async () => {
    await setup({ id: 'nope', replies: { '/invitations/nope': [apiError(404, 'invitation_not_found')] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation not found' })).toBeVisible();
  });

  it('explains a link without an id, without asking the server', async () => {
    await setup({ id: null, replies: {} });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation not found' })).toBeVisible();
    expect(api.requests).toEqual([]);
  });

  it('offers a retry when the invitation cannot be loaded', async () => {
    const user = await setup({ replies: { '/invitations/inv-1': ['network-error', ok(PENDING)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The invitation could not be loaded. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('says a signed-out reader to sign in again as a result screen, with Close back to the app', async () => {
    const unauthorized = apiError(401, 'unauthorized');
    const user = await setup({ replies: { '/invitations/inv-1': [unauthorized, unauthorized, unauthorized] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are no longer signed in. Sign in to the Navimow app again, then open the invitation.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Sharing invitation' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(bridge!.callsOf('closeWebView')).toHaveLength(1));
  });

  it('says when the phone is offline, and loads the invitation once it is back online', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    await setup({ replies: { '/invitations/inv-1': ['network-error', ok(PENDING)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No Internet connection. Please try again when you are back online.',
    );
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('keeps the invitation open when an answer fails on the way, so that Accept can be tapped again', async () => {
    const user = await setup({
      replies: {
        '/invitations/inv-1': [ok(PENDING)],
        '/invitations/inv-1/accept': ['network-error', ok({ ...PENDING, state: 'accepted' })],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The invitation could not be accepted. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: 'Invitation accepted' })).toBeVisible();
    expect(posts()).toEqual(['/invitations/inv-1/accept', '/invitations/inv-1/accept']);
  });

  it('shows what became of an invitation answered meanwhile elsewhere', async () => {
    const user = await setup({
      replies: {
        '/invitations/inv-1': [ok(PENDING), ok({ ...PENDING, state: 'rejected' })],
        '/invitations/inv-1/accept': [apiError(409, 'invitation_rejected')],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation rejected' })).toBeVisible();
  });
});
