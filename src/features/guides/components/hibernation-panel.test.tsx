import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PersonalViewData } from '../../../../common/personal-view.ts';
import { beginPersonalView, endPersonalView } from '../../../lib/personal-view-data.ts';
import { refreshAccessToken } from '../../../lib/session.ts';
import type { Mower } from '../../../lib/bridge/methods.ts';
import { noAnswer } from '../../../lib/bridge/native-fake.ts';
import { type FakeHandler, installFakeBridge } from '../../../testing/fake-bridge.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { HibernationPanel } from './hibernation-panel.tsx';

const MOWER: Mower = { vehicle_sn: 'NVM-TEST-0001', name: 'Front lawn', model: 'Navimow i105E', role: 'owner' };

let bridge: ReturnType<typeof installFakeBridge> | undefined;

/** A fake app whose current mower has this battery level; `setWinterStorageMode` answers as given. */
async function appWithMower(
  battery: number | undefined,
  setWinterStorageMode?: FakeHandler<'setWinterStorageMode'>,
  vehicleSn = MOWER.vehicle_sn,
) {
  bridge = installFakeBridge({
    getCommonAppData: () => ({
      code: 0,
      data: { vehicle_sn: vehicleSn, email: 'demo@navimow.example', client_ver: '3.0.200', access_token: 'token' },
    }),
    getMowerList: () => ({
      code: 0,
      data: { mowers: vehicleSn ? [{ ...MOWER, ...(battery !== undefined && { battery_percent: battery }) }] : [] },
    }),
    setWinterStorageMode: setWinterStorageMode ?? (() => ({ code: 0, data: { winter_mode: true } })),
  });
  // The session keeps the app data of the page load; each test is a new page load.
  await refreshAccessToken();
}

const beginButton = () => screen.getByRole('button', { name: 'Begin hibernating' });
const status = () => screen.getByRole('status');

beforeAll(() => initTestI18n());
afterEach(() => {
  bridge?.uninstall();
  bridge = undefined;
  vi.useRealTimers();
});

describe('HibernationPanel', () => {
  it('refuses below 85 % and shows the real battery level', async () => {
    await appWithMower(40);
    const user = userEvent.setup();
    render(<HibernationPanel />);
    await user.click(beginButton());
    await waitFor(() =>
      expect(status()).toHaveTextContent('Battery at 40%. Charge the mower to at least 85% before hibernating.'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bridge!.callsOf('setWinterStorageMode')).toEqual([]);
    expect(beginButton()).toBeEnabled();
  });

  it('asks for confirmation at 85 % and then puts the current mower into hibernation', async () => {
    await appWithMower(85);
    const user = userEvent.setup();
    render(<HibernationPanel />);
    await user.click(beginButton());

    const dialog = await screen.findByRole('dialog', { name: 'Begin hibernating?' });
    expect(dialog).toHaveTextContent('Front lawn (battery 85%) will power off');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(bridge!.callsOf('setWinterStorageMode')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Begin hibernating' }));
    await waitFor(() => expect(status()).toHaveTextContent('Front lawn is hibernating and has powered off.'));
    expect(status()).toHaveTextContent('charge it on the charging station before you switch it on');
    expect(bridge!.callsOf('setWinterStorageMode')).toEqual([{ vehicle_sn: MOWER.vehicle_sn, enabled: true }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Begin hibernating' })).toBeNull();
  });

  it('does nothing when the user cancels', async () => {
    await appWithMower(92);
    const user = userEvent.setup();
    render(<HibernationPanel />);
    await user.click(beginButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bridge!.callsOf('setWinterStorageMode')).toEqual([]);
    expect(beginButton()).toBeEnabled();
  });

  it('shows the mower’s refusal (1001) and succeeds on retry', async () => {
    let refusals = 1;
    await appWithMower(92, () =>
      refusals-- > 0 ? { code: 1001, msg: 'refused by the mower' } : { code: 0, data: { winter_mode: true } },
    );
    const user = userEvent.setup();
    render(<HibernationPanel />);
    await user.click(beginButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Begin hibernating' }));
    await waitFor(() => expect(status()).toHaveTextContent('The mower refused to hibernate.'));
    expect(status()).toHaveTextContent('charged to at least 85%');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(status()).toHaveTextContent('Front lawn is hibernating'));
    expect(bridge!.callsOf('setWinterStorageMode')).toHaveLength(2);
  });

  it('tells the user when the mower does not answer in time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await appWithMower(92, () => noAnswer);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<HibernationPanel />);
    await user.click(beginButton());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Begin hibernating' }));
    expect(status()).toHaveTextContent('Starting hibernation…');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(status()).toHaveTextContent('The mower did not answer.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('says so when there is no mower on the account', async () => {
    await appWithMower(undefined, undefined, '');
    const user = userEvent.setup();
    render(<HibernationPanel />);
    await user.click(beginButton());
    await waitFor(() => expect(status()).toHaveTextContent('There is no mower on your account.'));
    expect(bridge!.callsOf('setWinterStorageMode')).toEqual([]);
  });

  it('cannot read the battery level: says so and offers a retry', async () => {
    await appWithMower(undefined);
    const user = userEvent.setup();
    render(<HibernationPanel />);
    await user.click(beginButton());
    await waitFor(() => expect(status()).toHaveTextContent("The mower's battery level could not be read."));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('asks to open the page in the app when there is no app', async () => {
    const user = userEvent.setup();
    render(<HibernationPanel />);
    await user.click(beginButton());
    await waitFor(() => expect(status()).toHaveTextContent('Open this page in the Navimow app to begin hibernating.'));
  });

  it('ignores double taps: one battery check, one hibernation request', async () => {
    await appWithMower(92);
    const user = userEvent.setup();
    render(<HibernationPanel />);
    // The live battery line reads the current mower once when the panel opens.
    await waitFor(() => expect(bridge!.callsOf('getMowerList')).toHaveLength(1));
    await user.dblClick(beginButton());
    const dialog = await screen.findByRole('dialog');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Begin hibernating' }));
    await waitFor(() => expect(status()).toHaveTextContent('Front lawn is hibernating'));
    expect(bridge!.callsOf('getMowerList')).toHaveLength(2);
    expect(bridge!.callsOf('setWinterStorageMode')).toHaveLength(1);
  });
});

describe('HibernationPanel in a personal first view (the server’s answers for the app’s current mower)', () => {
  const view = (battery: number, winterMode: boolean): PersonalViewData => ({
    now: Date.UTC(2026, 10, 27),
    timeZone: 'UTC',
    appVersionCode: null,
    currentMower: MOWER.vehicle_sn,
    responses: {
      '/mowers': {
        mowers: [{ serial_number: MOWER.vehicle_sn, name: 'Front lawn', model: MOWER.model, role: 'owner' }],
      },
      [`/mowers/${MOWER.vehicle_sn}/status`]: {
        serial_number: MOWER.vehicle_sn,
        state: 'docked',
        online: true,
        battery_percent: battery,
        charging: !winterMode && battery < 100,
        error_reason: null,
        winter_mode: winterMode,
        mowing_seconds: 0,
        updated_at: new Date(Date.UTC(2026, 10, 27)).toISOString(),
      },
    },
  });
  /** The app's first render, with the view's data; the answers from then on are the app's own. */
  function renderFirst(data: PersonalViewData) {
    beginPersonalView(data);
    try {
      render(<HibernationPanel />);
    } finally {
      endPersonalView();
    }
  }

  it('shows the view’s battery line in its first render, without asking the app, and checks that level', async () => {
    // The app's list says 40 %: the level the line shows (the server's, live) is the one the check uses.
    await appWithMower(40);
    renderFirst(view(88, false));
    expect(screen.getByTestId('live-battery')).toHaveTextContent('Front lawn: battery at 88%, charging');
    expect(bridge!.callsOf('getMowerList')).toEqual([]);

    await userEvent.setup().click(beginButton());
    const dialog = await screen.findByRole('dialog', { name: 'Begin hibernating?' });
    expect(dialog).toHaveTextContent('Front lawn (battery 88%) will power off');
  });

  it('says “hibernating” from the first render on for a mower already in winter storage', async () => {
    await appWithMower(92);
    renderFirst(view(92, true));
    expect(screen.getByTestId('live-battery')).toHaveTextContent('Front lawn: hibernating');
  });
});
