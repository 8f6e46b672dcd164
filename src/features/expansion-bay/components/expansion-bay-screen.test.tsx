import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../../lib/bridge/bridge.ts';
import type { Mower } from '../../../lib/bridge/methods.ts';
import { initTestI18n } from '../../../testing/test-i18n.ts';
import { getCurrentMower } from '../../../lib/current-mower.ts';
import { openMowerSettings } from '../api/open-mower-settings.ts';
import { ExpansionBayScreen } from './expansion-bay-screen.tsx';

vi.mock('../../../lib/current-mower.ts', () => ({ getCurrentMower: vi.fn() }));
vi.mock('../api/open-mower-settings.ts', () => ({ openMowerSettings: vi.fn() }));

const mower = (model: string): Mower => ({
  vehicle_sn: 'NVM-TEST-1',
  name: 'Test lawn',
  model,
  role: 'owner',
  battery_percent: 80,
});

beforeAll(() => initTestI18n());
beforeEach(() => {
  vi.mocked(getCurrentMower).mockReset();
  vi.mocked(openMowerSettings).mockReset();
});

describe('ExpansionBayScreen', () => {
  it('lists what fits the current model, with the antenna’s new-map warning and short steps', async () => {
    vi.mocked(getCurrentMower).mockResolvedValue(mower('Navimow i105E'));
    render(<ExpansionBayScreen />);
    expect(await screen.findByText('This is what fits your Navimow i105E.')).toBeVisible();

    const antenna = screen.getByRole('region', { name: 'RTK antenna module' });
    expect(within(antenna).getByText('Available as an add-on')).toBeVisible();
    const warning = within(antenna).getByRole('note', { name: 'A new map is needed' });
    expect(warning).toHaveTextContent('Changing the antenna location requires creating a new map.');
    expect(within(antenna).getAllByRole('listitem').at(-1)).toHaveTextContent('Create a new map in the app.');

    expect(within(screen.getByRole('region', { name: 'Vision camera module' })).getByText('Built in')).toBeVisible();
    const cellular = screen.getByRole('region', { name: '4G connectivity module' });
    expect(within(cellular).getByText('This module does not fit the Navimow i105E.')).toBeVisible();
    expect(within(cellular).queryByRole('list')).toBeNull();
  });

  it('says what the bay is for while the app names the mower, and adds what fits below it', async () => {
    let answer!: (value: Mower) => void;
    vi.mocked(getCurrentMower).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<ExpansionBayScreen />);
    const lead = screen.getByText(/^Add-on modules go into your mower's expansion bay: an RTK antenna/);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your mower…');
    expect(screen.queryByRole('region')).toBeNull();

    answer(mower('Navimow i105E'));
    expect(await screen.findByRole('region', { name: 'RTK antenna module' })).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
    // The very paragraph shown while loading, still first: what fits comes after it.
    expect(screen.getByText(/^Add-on modules go into/)).toBe(lead);
    expect(
      lead.compareDocumentPosition(screen.getByTestId('current-mower')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('gives an unknown model a generic message and the way to the mower settings', async () => {
    vi.mocked(getCurrentMower).mockResolvedValue(mower('Navimow Z9'));
    render(<ExpansionBayScreen />);
    expect(await screen.findByRole('heading', { name: 'No module information for this model' })).toBeVisible();
    expect(screen.getByText(/no expansion bay information for the Navimow Z9/)).toBeVisible();
    expect(screen.queryByRole('region', { name: 'RTK antenna module' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open mower settings' })).toBeEnabled();
  });

  it('opens the mower settings once per tap and says when the app could not', async () => {
    const user = userEvent.setup();
    vi.mocked(getCurrentMower).mockResolvedValue(mower('Navimow H800E'));
    vi.mocked(openMowerSettings)
      .mockRejectedValueOnce(new BridgeError('handleH5MowerSet', 'timeout', 'no answer'))
      .mockResolvedValue();
    render(<ExpansionBayScreen />);
    await user.click(await screen.findByRole('button', { name: 'Open mower settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The mower settings could not be opened. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Open mower settings' }));
    expect(openMowerSettings).toHaveBeenCalledTimes(2);
    expect(openMowerSettings).toHaveBeenLastCalledWith('NVM-TEST-1');
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says when the app could not tell the mower, and retries', async () => {
    const user = userEvent.setup();
    vi.mocked(getCurrentMower)
      .mockRejectedValueOnce(new BridgeError('getMowerList', 'timeout', 'no answer'))
      .mockResolvedValue(mower('Navimow X330E'));
    render(<ExpansionBayScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Your mower's details could not be loaded from the app. Please try again.",
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'RTK antenna module' })).toBeVisible();
  });

  it('explains that the page needs the app when there is none', async () => {
    vi.mocked(getCurrentMower).mockRejectedValue(new BridgeError('getCommonAppData', 'unavailable', 'no native app'));
    render(<ExpansionBayScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Open this page in the Navimow app');
  });

  it('asks to choose a mower when the app has none selected', async () => {
    vi.mocked(getCurrentMower).mockResolvedValue(null);
    render(<ExpansionBayScreen />);
    expect(
      await screen.findByText('No mower is selected. Choose a mower in the app, then open this page again.'),
    ).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
