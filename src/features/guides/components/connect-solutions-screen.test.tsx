import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DevicePermissionState } from '../../../lib/bridge/methods.ts';
import { type FakeAnswer, installFakeBridge } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { ConnectSolutionsScreen } from './connect-solutions-screen.tsx';

let bridge: ReturnType<typeof installFakeBridge> | undefined;

/** A fake phone with these permissions; its settings page switches the permission on, like a user would. */
function phone(
  permissions: { bluetooth: DevicePermissionState; location: DevicePermissionState },
  {
    settings,
    read,
  }: { settings?: () => FakeAnswer<'openSystemPermissionPage'>; read?: () => FakeAnswer<'getDevicePermissions'> } = {},
) {
  const state = { ...permissions };
  bridge = installFakeBridge({
    getDevicePermissions: read ?? (() => ({ code: 0, data: { ...state } })),
    openSystemPermissionPage: (params) => {
      const answer = settings?.() ?? { code: 0 };
      if (answer.code === 0) state[params.permission as 'bluetooth' | 'location'] = 'granted';
      return answer;
    },
  });
  return state;
}

const permissionsCard = () => screen.getByTestId('phone-permissions');

function expectStepsShown() {
  expect(screen.getByRole('heading', { name: /Step 1\s+Check that the mower is on/ })).toBeVisible();
  expect(screen.getByText('Press and hold the OK button on the mower for 1 second.')).toBeVisible();
  expect(screen.getByText('Wait about 60 seconds.')).toBeVisible();
  expect(screen.getByText('The mower is on when its ambient light blinks yellow and a sound plays.')).toBeVisible();
  expect(screen.getByRole('heading', { name: /Step 2\s+Connect again/ })).toBeVisible();
}

beforeAll(() => initTestI18n());
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
});

describe('ConnectSolutionsScreen', () => {
  it('shows both steps and no prompt when Bluetooth and location are allowed', async () => {
    phone({ bluetooth: 'granted', location: 'granted' });
    render(<ConnectSolutionsScreen />);
    expectStepsShown();
    await waitFor(() => expect(within(permissionsCard()).getAllByText('Allowed')).toHaveLength(2));
    expect(within(permissionsCard()).queryByRole('button')).toBeNull();
    expect(bridge!.callsOf('getDevicePermissions')).toEqual([{ permissions: ['bluetooth', 'location'] }]);
  });

  it('offers the settings for a permission that is off and checks again when the call answers', async () => {
    phone({ bluetooth: 'denied', location: 'granted' });
    const user = userEvent.setup();
    render(<ConnectSolutionsScreen />);
    const allow = await screen.findByRole('button', { name: 'Allow Bluetooth access' });
    expect(within(permissionsCard()).getByText('Not allowed')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Allow location access' })).toBeNull();

    await user.click(allow);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Allow Bluetooth access' })).toBeNull());
    expect(bridge!.callsOf('openSystemPermissionPage')).toEqual([{ permission: 'bluetooth' }]);
    expect(within(permissionsCard()).getAllByText('Allowed')).toHaveLength(2);
  });

  it('checks again when the user comes back to the page', async () => {
    const state = phone({ bluetooth: 'granted', location: 'granted' });
    render(<ConnectSolutionsScreen />);
    await waitFor(() => expect(within(permissionsCard()).getAllByText('Allowed')).toHaveLength(2));

    state.location = 'denied';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('button', { name: 'Allow location access' })).toBeVisible();
    expect(bridge!.callsOf('getDevicePermissions')).toHaveLength(2);
  });

  it('tells the user when the settings cannot be opened', async () => {
    phone({ bluetooth: 'denied', location: 'granted' }, { settings: () => ({ code: 500, msg: 'no settings page' }) });
    const user = userEvent.setup();
    render(<ConnectSolutionsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Allow Bluetooth access' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The settings could not be opened. Open your phone's settings and allow Bluetooth for the Navimow app.",
    );
    expect(screen.getByRole('button', { name: 'Allow Bluetooth access' })).toBeEnabled();
  });

  it('keeps the steps and offers a retry when the permissions cannot be read', async () => {
    let failures = 1;
    phone(
      { bluetooth: 'granted', location: 'denied' },
      {
        read: () =>
          failures-- > 0
            ? { code: 500, msg: 'broken' }
            : { code: 0, data: { bluetooth: 'granted', location: 'denied' } },
      },
    );
    const user = userEvent.setup();
    render(<ConnectSolutionsScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent("The phone's permissions could not be checked.");
    expectStepsShown();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Allow location access' })).toBeVisible();
  });

  it('works without the app: the steps and a note instead of the permissions', async () => {
    render(<ConnectSolutionsScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Open this page in the Navimow app to check Bluetooth and location access.',
    );
    expect(screen.queryByRole('button')).toBeNull();
    expectStepsShown();
  });
});
