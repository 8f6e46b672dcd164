import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_POLICY_VERSION, type PolicyConsentResponse } from '../../../../common/api-policy.ts';
import { refreshAccessToken } from '../../../lib/session.ts';
import { apiError, type FakeReply, installFakeApi } from '../../../testing/fake-api.ts';
import { installFakeBridge } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { ApiPolicyScreen } from './api-policy-screen.tsx';

const NOT_AGREED: PolicyConsentResponse = {
  current_version: API_POLICY_VERSION,
  agreed_at: null,
  agreed_version: null,
};
const AGREED: PolicyConsentResponse = {
  current_version: API_POLICY_VERSION,
  agreed_at: '2026-11-03T09:30:00.000Z',
  agreed_version: API_POLICY_VERSION,
};
const consent = (body: PolicyConsentResponse) => ({ status: 200, body });

let bridge: ReturnType<typeof installFakeBridge> | undefined;
let api: ReturnType<typeof installFakeApi>;

async function setup(replies: { get?: FakeReply[]; post?: FakeReply[] }) {
  bridge = installFakeBridge({
    getCommonAppData: () => ({
      code: 0,
      data: { vehicle_sn: '', email: 'demo@navimow.example', client_ver: '3.0.200', access_token: 'token' },
    }),
  });
  await refreshAccessToken();
  api = installFakeApi({ 'GET /policy/consent': replies.get ?? [], 'POST /policy/consent': replies.post ?? [] });
  const user = userEvent.setup();
  render(<ApiPolicyScreen />);
  return user;
}

const status = () => screen.getByTestId('consent-status');

beforeAll(() => initTestI18n());
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
  vi.unstubAllGlobals();
});

describe('ApiPolicyScreen', () => {
  it('shows the policy: what linked services may access, control, unlinking, rate limits and data use', async () => {
    await setup({ get: [consent(NOT_AGREED)] });
    expect(screen.getByRole('heading', { level: 1, name: 'API access policy' })).toBeVisible();
    for (const title of [
      'What linked services may access',
      'Your control',
      'Unlinking',
      'Rate limits',
      'How your data is used',
    ]) {
      expect(screen.getByRole('region', { name: title })).toBeVisible();
    }
    expect(screen.getByText('Effective from November 1, 2026')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Agree' })).toBeEnabled();
  });

  it('records the agreement to the version shown, and then shows its date instead of Agree', async () => {
    const user = await setup({ get: [consent(NOT_AGREED)], post: [consent(AGREED)] });
    await user.click(await screen.findByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(status()).toHaveTextContent('You agreed to this policy on November 3, 2026.'));
    expect(screen.queryByRole('button', { name: 'Agree' })).toBeNull();
    expect(api.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { version: API_POLICY_VERSION },
    ]);
  });

  it('shows an agreement given before, with its date', async () => {
    await setup({ get: [consent(AGREED)] });
    await waitFor(() => expect(status()).toHaveTextContent('You agreed to this policy on November 3, 2026.'));
    expect(screen.queryByRole('button', { name: 'Agree' })).toBeNull();
  });

  it('asks again when the account agreed to an older version', async () => {
    await setup({ get: [consent({ ...NOT_AGREED, agreed_version: '2025-02-01' })] });
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'This policy has changed since you last agreed to it. Please read it and agree again.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Agree' })).toBeEnabled();
  });

  it('loads the policy status again when the server has a newer version than the one agreed to', async () => {
    const newer = { ...NOT_AGREED, current_version: '2099-01-01' };
    const user = await setup({
      get: [consent(NOT_AGREED), consent(newer)],
      post: [apiError(409, 'policy_version_outdated')],
    });
    await user.click(await screen.findByRole('button', { name: 'Agree' }));
    await waitFor(() =>
      expect(status()).toHaveTextContent('A newer version of this policy is available. Reload the page to read it.'),
    );
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Agree' })).toBeNull();
    expect(api.requests.map((request) => request.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('asks to read the policy again when it was replaced while open, and agrees then', async () => {
    const user = await setup({
      get: [consent(NOT_AGREED), consent(NOT_AGREED)],
      post: [apiError(409, 'policy_version_outdated'), consent(AGREED)],
    });
    await user.click(await screen.findByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(status()).toHaveTextContent('The policy was updated while you were reading it.'));
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(status()).toHaveTextContent('You agreed to this policy on'));
  });

  it('sends one agreement for a double tap', async () => {
    let answer!: (reply: { status: number; body: unknown }) => void;
    const user = await setup({ get: [consent(NOT_AGREED)], post: [new Promise((resolve) => (answer = resolve))] });
    await user.dblClick(await screen.findByRole('button', { name: 'Agree' }));
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await act(async () => answer(consent(AGREED)));
    await waitFor(() => expect(status()).toHaveTextContent('You agreed to this policy on'));
    expect(api.changes()).toEqual(['POST /policy/consent']);
  });

  it('keeps Agree when saving fails, and says so', async () => {
    const user = await setup({ get: [consent(NOT_AGREED)], post: [apiError(500, 'internal_error'), consent(AGREED)] });
    await user.click(await screen.findByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(status()).toHaveTextContent('Your agreement could not be saved. Please try again.'));
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(status()).toHaveTextContent('You agreed to this policy on'));
  });

  it('offers a retry when the status cannot be loaded', async () => {
    const user = await setup({ get: ['network-error', consent(AGREED)] });
    await waitFor(() => expect(status()).toHaveTextContent('The policy status could not be loaded. Please try again.'));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(status()).toHaveTextContent('You agreed to this policy on'));
  });
});
