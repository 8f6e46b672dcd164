import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../../testing/fake-api.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { LinkingLoginScreen } from './linking-login-screen.tsx';

const UID = 'abcdefghijklmnop_12345';
const details = {
  status: 200,
  body: { client: { id: 'homeassistant', name: 'Home Assistant', kind: 'third_party' }, scopes: [], channel: null },
};
const resume = { status: 200, body: { redirect_to: `/oauth/authorize/${UID}` } };

beforeAll(() => initTestI18n());
afterEach(() => vi.unstubAllGlobals());

/** The generic login page in a plain browser: no native bridge, the browser's `location` watched. */
function open(replies: Parameters<typeof installFakeApi>[0]) {
  const api = installFakeApi({ [`GET /oauth/interaction/${UID}/details`]: [details], ...replies });
  const replace = vi.fn();
  vi.stubGlobal('location', { ...window.location, replace });
  render(
    <MemoryRouter initialEntries={[`/smartHome/login?interaction=${UID}`]}>
      <LinkingLoginScreen variant="generic" />
    </MemoryRouter>,
  );
  return { api, replace, user: userEvent.setup() };
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('E-mail or phone number'), 'demo@navimow.example');
  await user.type(screen.getByLabelText('Password'), 'Navimow-demo-1');
  await user.click(screen.getByRole('button', { name: 'Log in and Connect' }));
}

describe('LinkingLoginScreen', () => {
  it('goes straight back to the client when its redirect is registered', async () => {
    const { replace, api } = open({ [`POST /oauth/interaction/${UID}/login`]: [resume] });
    await signIn(userEvent.setup());
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith(`${window.location.origin}/oauth/authorize/${UID}`));
    expect(api.changes()).toEqual([`POST /oauth/interaction/${UID}/login`]);
  });

  it('names the host after the sign-in and sends the browser on only after "Continue"', async () => {
    const { replace, api, user } = open({
      [`POST /oauth/interaction/${UID}/login`]: [{ status: 200, body: { confirm_host: 'loxberry.local' } }],
      [`POST /oauth/interaction/${UID}/confirm`]: [resume],
    });
    await signIn(user);
    expect(await screen.findByText('Check where your account is linked')).toBeVisible();
    expect(screen.getByTestId('consent-host')).toHaveTextContent(/^loxberry\.local$/);
    expect(
      screen.getByText(/Continue only if this is your own Home Assistant or LoxBerry at loxberry\.local\./),
    ).toBeVisible();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(replace).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith(`${window.location.origin}/oauth/authorize/${UID}`));
    expect(api.changes()).toEqual([`POST /oauth/interaction/${UID}/login`, `POST /oauth/interaction/${UID}/confirm`]);
  });

  it('cancels from the consent step, and shows a host as text, never as markup', async () => {
    const host = '<img src=x onerror="alert(1)">.example';
    const { replace, api, user } = open({
      [`POST /oauth/interaction/${UID}/login`]: [{ status: 200, body: { confirm_host: host } }],
      [`POST /oauth/interaction/${UID}/abort`]: [resume],
    });
    await signIn(user);
    expect(await screen.findByTestId('consent-host')).toHaveTextContent(host);
    expect(document.querySelector('img')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(replace).toHaveBeenCalled());
    expect(api.changes()).toEqual([`POST /oauth/interaction/${UID}/login`, `POST /oauth/interaction/${UID}/abort`]);
  });
});
