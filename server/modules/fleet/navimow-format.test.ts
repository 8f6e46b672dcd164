import { describe, expect, it } from 'vitest';
import type { MowerView } from './fleet.ts';
import { newRecord } from './fleet-model.ts';
import { positionOf } from './navimow-format.ts';

const view = (serial: string, change: Partial<MowerView['record']> = {}): MowerView => ({
  serial,
  ownerId: 'account-1',
  name: 'Lawn',
  model: 'i105E',
  firmwareVersion: '1.0.0',
  record: { ...newRecord(80, 0), ...change },
  at: 0,
});

describe('a mower’s position', () => {
  it('is the same station on every read while docked, whatever a caller does with an earlier answer', () => {
    const first = positionOf(view('NVM-1'));
    first.lat = 0;
    expect(positionOf(view('NVM-1'))).not.toEqual(first);
    expect(positionOf(view('NVM-1'))).toEqual(positionOf(view('NVM-1')));
    expect(positionOf(view('NVM-2'))).not.toEqual(positionOf(view('NVM-1')));
  });

  it('moves along lanes near its station while mowing', () => {
    const station = positionOf(view('NVM-1'));
    const mowing = positionOf(view('NVM-1', { state: 'mowing', atStation: false, jobMowedMs: 90_000 }));
    expect(mowing).not.toEqual(station);
    // The lawn is 30 x 20 m: within a thousandth of a degree of the station.
    expect(Math.abs(mowing.lat - station.lat)).toBeLessThan(0.001);
    expect(Math.abs(mowing.lng - station.lng)).toBeLessThan(0.001);
  });
});
