import { describe, expect, it } from 'vitest';
import { advance, command, condition, jobLengthMs, type MowerRecord, newRecord, RATES } from './fleet-model.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.parse('2026-06-01T08:00:00.000Z');
const MODEL = 'Navimow i105E';

function started(battery = 92): MowerRecord {
  const out = command(newRecord(battery, T0), 'start', T0, MODEL);
  expect(out.result).toEqual({ status: 'SUCCESS' });
  return out.record;
}

describe('the mower model', () => {
  it('drains 1 % a minute while mowing and charges fast to 80 %, then slower', () => {
    expect(advance(started(100), T0 + 30 * MIN).record.battery).toBe(70);
    const charging = newRecord(40, T0);
    expect(advance(charging, T0 + 30 * MIN).record.battery).toBe(40 + (30 * MIN) / RATES.fastChargeMsPerPercent);
    const full = advance(charging, T0 + 30 * MIN + 20 * RATES.slowChargeMsPerPercent);
    expect(full.record.battery).toBe(100);
    expect(full.events.map((event) => event.type)).toEqual(['charged']);
    // Full stays full.
    expect(advance(full.record, T0 + 48 * HOUR).record.battery).toBe(100);
  });

  it('gives the same mower whether a day is played in one step or in many', () => {
    const once = advance(started(), T0 + 24 * HOUR);
    let stepped = started();
    const events = [];
    for (let at = T0 + 7_777; at < T0 + 24 * HOUR; at += 7_777) {
      const out = advance(stepped, at);
      stepped = out.record;
      events.push(...out.events);
    }
    const last = advance(stepped, T0 + 24 * HOUR);
    expect(last.record).toEqual(once.record);
    expect([...events, ...last.events]).toEqual(once.events);
  });

  it('returns on low battery, charges, goes on with the job, finishes and returns', () => {
    const day = advance(started(92), T0 + 24 * HOUR);
    const kinds = day.events.filter((event) => event.type !== 'stateChanged' && event.type !== 'charged');
    expect(kinds.map((event) => [event.type, event.params.reason ?? null])).toEqual([
      ['returnedToStation', 'lowBattery'],
      ['mowingFinished', null],
      ['returnedToStation', 'finished'],
    ]);
    const finished = kinds[1]!;
    expect(finished.params).toEqual({ areaSquareMetres: 500, minutes: Math.round(jobLengthMs(MODEL) / MIN) });
    expect(day.record).toMatchObject({ state: 'docked', atStation: true, battery: 100, jobLeftMs: 0 });
    expect(day.record.totalMowingSeconds).toBe(Math.round(jobLengthMs(MODEL) / 1000));
    // Never below the return threshold minus the drive home, never above full.
    const low = day.events.find((event) => event.type === 'returnedToStation')!;
    expect(low.at).toBeGreaterThan(T0 + 70 * MIN);
  });

  it('validates commands against the state; a repeat is already in state', () => {
    const mowing = started();
    expect(command(mowing, 'start', T0, MODEL).result).toEqual({ status: 'SUCCESS', alreadyInState: true });
    const paused = command(mowing, 'pause', T0, MODEL);
    expect(paused.record.state).toBe('paused');
    expect(command(paused.record, 'pause', T0, MODEL).result).toEqual({ status: 'SUCCESS', alreadyInState: true });
    expect(command(newRecord(90, T0), 'pause', T0, MODEL).result).toEqual({
      status: 'ERROR',
      errorCode: 'actionNotAvailable',
    });
    expect(command(newRecord(10, T0), 'start', T0, MODEL).result).toEqual({ status: 'ERROR', errorCode: 'lowBattery' });
    const docking = command(paused.record, 'dock', T0, MODEL);
    expect(docking.record).toMatchObject({ state: 'returning', returnReason: 'manual' });
    expect(command(docking.record, 'dock', T0, MODEL).result.status).toBe('SUCCESS');
    const home = advance(docking.record, T0 + RATES.returnTripMs);
    expect(home.record.state).toBe('docked');
    expect(home.events.find((event) => event.type === 'returnedToStation')?.params).toEqual({ reason: 'manual' });
  });

  it('holds a fault until it is cleared, and reports a repeat of it once', () => {
    const stuck = condition(
      advance(started(), T0 + 10 * MIN).record,
      { kind: 'fault', reason: 'stuck' },
      T0 + 10 * MIN,
    );
    expect(stuck.record).toMatchObject({ state: 'error', errorReason: 'stuck' });
    expect(stuck.events.filter((event) => event.type === 'fault')).toHaveLength(1);
    expect(condition(stuck.record, { kind: 'fault', reason: 'stuck' }, T0 + 11 * MIN)).toMatchObject({
      changed: false,
      events: [],
    });
    expect(command(stuck.record, 'start', T0 + 11 * MIN, MODEL).result).toEqual({
      status: 'ERROR',
      errorCode: 'deviceStuck',
    });
    const cleared = condition(stuck.record, { kind: 'clear' }, T0 + 20 * MIN);
    expect(cleared.record).toMatchObject({ state: 'idle', atStation: false, errorReason: null });
    const again = command(cleared.record, 'start', T0 + 20 * MIN, MODEL);
    expect(again.record.state).toBe('mowing');
    // The same job goes on: no second "mowing started".
    expect(again.events.some((event) => event.type === 'mowingStarted')).toBe(false);
  });

  it('waits out rain on the station and goes on by itself', () => {
    const mowing = advance(started(100), T0 + 10 * MIN).record;
    const rain = condition(mowing, { kind: 'rain', minutes: 30 }, T0 + 10 * MIN);
    expect(rain.record).toMatchObject({ state: 'returning', returnReason: 'rain' });
    const waiting = advance(rain.record, T0 + 20 * MIN);
    expect(waiting.record).toMatchObject({ state: 'error', errorReason: 'rainDelay', atStation: true });
    expect(waiting.events.filter((event) => event.type === 'fault').map((event) => event.params.reason)).toEqual([
      'rainDelay',
    ]);
    expect(command(waiting.record, 'start', T0 + 20 * MIN, MODEL).result).toEqual({
      status: 'ERROR',
      errorCode: 'rainDelay',
    });
    const after = advance(waiting.record, T0 + 3 * HOUR);
    expect(after.events.map((event) => event.type)).toContain('faultCleared');
    expect(after.events.some((event) => event.type === 'stateChanged' && event.params.to === 'mowing')).toBe(true);
  });

  it('freezes while offline and refuses commands', () => {
    const off = condition(started(), { kind: 'offline' }, T0);
    expect(command(off.record, 'pause', T0, MODEL).result).toEqual({ status: 'ERROR', errorCode: 'deviceOffline' });
    expect(advance(off.record, T0 + 5 * HOUR).record.battery).toBe(92);
    expect(condition(off.record, { kind: 'offline' }, T0).changed).toBe(false);
    expect(condition(off.record, { kind: 'online' }, T0).events.map((event) => event.type)).toEqual(['deviceOnline']);
  });
});
