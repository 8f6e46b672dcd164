import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MowerStatusDto } from '../../../common/fleet.ts';
import { getCurrentMower } from '../../lib/current-mower.ts';
import { useLiveMowerStatus } from '../../lib/use-live-mower-status.ts';
import { useLiveArrivals } from './use-live-arrivals.ts';

vi.mock('../../lib/current-mower.ts', () => ({ getCurrentMower: vi.fn() }));
vi.mock('../../lib/use-live-mower-status.ts', () => ({ useLiveMowerStatus: vi.fn() }));

const DOCKED: MowerStatusDto = {
  serial_number: 'NVM-TEST-0001',
  state: 'docked',
  online: true,
  charging: true,
  winter_mode: false,
  battery_percent: 80,
  error_reason: null,
  mowing_seconds: 0,
  updated_at: '2026-11-27T10:00:00.000Z',
};

beforeEach(() => {
  vi.mocked(getCurrentMower).mockReset().mockResolvedValue({
    vehicle_sn: 'NVM-TEST-0001',
    name: 'Front lawn',
    model: 'Navimow i105E',
    role: 'owner',
  });
  vi.mocked(useLiveMowerStatus).mockReset().mockReturnValue(undefined);
});

describe('useLiveArrivals', () => {
  it('calls back when the current mower’s fault or connection changes on its live stream, not for its first status', async () => {
    const onArrival = vi.fn();
    const { rerender } = renderHook(() => useLiveArrivals(onArrival));
    await waitFor(() => expect(useLiveMowerStatus).toHaveBeenLastCalledWith('NVM-TEST-0001'));

    vi.mocked(useLiveMowerStatus).mockReturnValue(DOCKED);
    rerender();
    vi.mocked(useLiveMowerStatus).mockReturnValue({ ...DOCKED, battery_percent: 79 });
    rerender();
    expect(onArrival).not.toHaveBeenCalled();

    vi.mocked(useLiveMowerStatus).mockReturnValue({ ...DOCKED, state: 'error', error_reason: 'lifted' });
    rerender();
    expect(onArrival).toHaveBeenCalledTimes(1);
    vi.mocked(useLiveMowerStatus).mockReturnValue({ ...DOCKED, online: false });
    rerender();
    expect(onArrival).toHaveBeenCalledTimes(2);
  });
});
