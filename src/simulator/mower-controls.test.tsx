import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { MowerStatusDto, SimulatorReport } from '../../common/fleet.ts';
import { initTestI18n } from '../testing/test-i18n.ts';
import { MowerControls } from './mower-controls.tsx';
import type { NativeSimulator } from './native-simulator.ts';

const status = (change: Partial<MowerStatusDto>): MowerStatusDto => ({
  serial_number: 'NVM-DEMO-0001',
  state: 'docked',
  online: true,
  battery_percent: 93,
  charging: true,
  error_reason: null,
  winter_mode: false,
  mowing_seconds: 0,
  updated_at: '2026-06-01T08:00:00.000Z',
  ...change,
});

/** The simulator as the panel sees it: its current mower, and the report the server answers. */
function simulatorWith(
  answer: (report: SimulatorReport) => Promise<MowerStatusDto>,
  mower: string | null = 'NVM-DEMO-0001',
) {
  const reportMower = vi.fn(answer);
  return {
    simulator: { state: { mower: mower ?? undefined }, reportMower } as unknown as NativeSimulator,
    reportMower,
  };
}

beforeAll(async () => {
  await initTestI18n();
});

describe('MowerControls', () => {
  it('reports the chosen fault of the current mower, then its clearing and the connection, and shows the outcome', async () => {
    const user = userEvent.setup();
    const { simulator, reportMower } = simulatorWith(async (report) =>
      report.kind === 'fault'
        ? status({ state: 'error', error_reason: report.reason })
        : report.kind === 'offline'
          ? status({ online: false })
          : status({}),
    );
    render(<MowerControls simulator={simulator} />);

    await user.selectOptions(screen.getByLabelText('Fault'), 'The mower was lifted');
    await user.click(screen.getByRole('button', { name: 'Report the fault' }));
    expect(reportMower).toHaveBeenLastCalledWith({ kind: 'fault', reason: 'lifted' });
    expect(await screen.findByText('State: fault, battery 93%')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('The mower was lifted');

    await user.click(screen.getByRole('button', { name: 'Take offline' }));
    expect(reportMower).toHaveBeenLastCalledWith({ kind: 'offline' });
    expect(await screen.findByText('State: offline, battery 93%')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Clear the fault' }));
    expect(reportMower).toHaveBeenLastCalledWith({ kind: 'clear' });
    expect(await screen.findByText('State: on the charging station, battery 93%')).toBeVisible();
  });

  it('says so when the server refuses, and offers nothing without a current mower', async () => {
    const user = userEvent.setup();
    const { simulator } = simulatorWith(() => Promise.reject(new Error('report failed (404)')));
    const { unmount } = render(<MowerControls simulator={simulator} />);
    await user.click(screen.getByRole('button', { name: 'Bring back online' }));
    expect(await screen.findByText('The mower could not be changed. See the log.')).toBeVisible();
    unmount();

    render(<MowerControls simulator={simulatorWith(async () => status({}), null).simulator} />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
