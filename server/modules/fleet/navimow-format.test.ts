import { describe, expect, it } from 'vitest';
import type { MowerView } from './fleet.ts';
import { jobLengthMs, newRecord } from './fleet-model.ts';
import { beatLocationMessages, locationMessages, poseReading, positionOf, progressReading } from './navimow-format.ts';

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

describe('the location channel’s readings, as ioBroker.navimow and LoxBerry parse them', () => {
  const job = jobLengthMs('i105E');
  const mowing = (jobMowedMs: number) =>
    view('NVM-1', { state: 'mowing', atStation: false, jobMowedMs, jobLeftMs: job - jobMowedMs });

  it('type 1: a docked mower at the origin with the captured vehicleState 1, a mowing one metres away along its lane', () => {
    expect(poseReading(view('NVM-1'))).toEqual({
      postureX: '0.000',
      postureY: '0.000',
      postureTheta: '0.000',
      vehicleState: 1,
      time: 0,
      type: 1,
    });
    const pose = poseReading(mowing(90_000));
    // 0.4 m/s for 90 s: 36 m, the second lane (back from x 31 towards 1), 6 m along it.
    expect(pose).toMatchObject({ postureX: '25.000', postureY: '2.000', postureTheta: Math.PI.toFixed(3), type: 1 });
    expect(pose.vehicleState).not.toBe(1);
  });

  it('type 2: the progress in ten-thousandths, the whole percent and the area in square metres as strings', () => {
    expect(progressReading(mowing(job / 4))).toMatchObject({
      currentMowProgress: 2500,
      mowingPercentage: 25,
      subtotalArea: (500 / 4).toFixed(2),
      mowStartType: 1,
      type: 2,
    });
    const finished = view('NVM-1', { state: 'returning', atStation: false, jobMowedMs: job, jobLeftMs: 0 });
    expect(progressReading(finished)).toMatchObject({ currentMowProgress: 10_000, mowingPercentage: 100 });
  });

  const types = (messages: object[][]) => messages.map((message) => message.map((r) => (r as { type: number }).type));

  it('a new job brings its zones (type 3) and a progress at zero, a rain delay its taskDelay (type 4) and its end', () => {
    const started = locationMessages({ view: mowing(0), events: [{ type: 'mowingStarted', at: 0, params: {} }] });
    // A reading a message, as the cloud sends them: LoxBerry reads only a message's last one.
    expect(types(started)).toEqual([[3], [2], [1]]);
    expect(started[0]![0]).toEqual({ partitionIds: [1], time: 0, type: 3 });
    expect(started[1]![0]).toMatchObject({ mowingPercentage: 0, subtotalArea: '0.00' });
    const rain = locationMessages({
      view: view('NVM-1'),
      events: [{ type: 'fault', at: 5, params: { reason: 'rainDelay' } }],
    });
    expect(rain[0]).toEqual([{ taskDelay: 1, time: 5, type: 4 }]);
    const dry = locationMessages({
      view: view('NVM-1'),
      events: [{ type: 'faultCleared', at: 9, params: { reason: 'rainDelay' } }],
    });
    expect(dry[0]).toEqual([{ taskDelay: 0, time: 9, type: 4 }]);
  });

  it('a beat adds the progress only when a whole percent was passed since the last beat', () => {
    const percent = job / 100;
    expect(types(beatLocationMessages(mowing(3 * percent + 500), 2_000))).toEqual([[1], [2]]);
    expect(types(beatLocationMessages(mowing(3 * percent + 5_000), 2_000))).toEqual([[1]]);
    expect(types(beatLocationMessages(view('NVM-1'), 2_000))).toEqual([[1]]);
  });
});
