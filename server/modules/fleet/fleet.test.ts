import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { DEMO } from '../../db/seed.ts';
import { createTestDatabase } from '../../testing/test-database.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';
import { Fleet, type FleetChange } from './fleet.ts';
import { postFleetMessages } from './fleet-messages.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const OWNED = DEMO.mowers.owned.serial;
const SHARED = DEMO.mowers.shared.serial;

describe.each(testDatabaseKinds)('the fleet on %s', (kind) => {
  let db: Db;
  let destroy: () => Promise<void>;
  let now: number;
  let fleet: Fleet;
  let changes: FleetChange[];

  beforeAll(async () => {
    ({ db, destroy } = await createTestDatabase(kind));
  });
  afterAll(() => destroy());

  beforeEach(async () => {
    // Each test starts from the seed's mowers, docked, at a fixed moment.
    await db
      .updateTable('mowers')
      .set({
        state: 'docked',
        at_station: 1,
        advanced_to: null,
        next_event_at: null,
        error_reason: null,
        online: 1,
        job_left_ms: 0,
        job_mowed_ms: 0,
        rain_until: null,
        winter_mode: 0,
      })
      .execute();
    await db.updateTable('mowers').set({ battery_percent: 92 }).where('serial_number', '=', OWNED).execute();
    await db.updateTable('mowers').set({ battery_percent: 40 }).where('serial_number', '=', SHARED).execute();
    await db.deleteFrom('messages').where('id', 'not like', 'demo-%').execute();
    now = Date.parse('2026-06-01T08:00:00.000Z');
    fleet = new Fleet(db, { clock: { now: () => now } });
    fleet.onChange(postFleetMessages(db));
    changes = [];
    fleet.onChange((change) => void changes.push(change));
    await fleet.advanceDue();
  });

  const battery = async (serial: string) =>
    (
      await db
        .selectFrom('mowers')
        .select('battery_percent')
        .where('serial_number', '=', serial)
        .executeTakeFirstOrThrow()
    ).battery_percent;
  const messages = (serial: string) =>
    db
      .selectFrom('messages')
      .select(['type', 'category', 'params', 'fault_code', 'created_at'])
      .where('mower_serial', '=', serial)
      .where('id', 'not like', 'demo-%')
      .orderBy('created_at')
      .execute();

  it('charges the shared mower on its station, in the column the pages show', async () => {
    now += 30 * MIN;
    expect((await fleet.view(SHARED))?.record.battery).toBe(80);
    await fleet.advanceDue();
    expect(await battery(SHARED)).toBe(80);
    now += 40 * MIN;
    await fleet.advanceDue();
    expect(await battery(SHARED)).toBe(100);
  });

  it('runs a day of mowing: one start, returns for charge, one finish, work-log messages at their times', async () => {
    expect((await fleet.command(OWNED, 'start'))?.result).toEqual({ status: 'SUCCESS' });
    const start = now;
    for (let hour = 1; hour <= 24; hour++) {
      now = start + hour * HOUR;
      await fleet.advanceDue();
    }
    const log = await messages(OWNED);
    expect(log.map((message) => [message.type, JSON.parse(message.params).reason ?? null])).toEqual([
      ['mowingStarted', null],
      ['returnedToStation', 'lowBattery'],
      ['mowingFinished', null],
      ['returnedToStation', 'finished'],
    ]);
    expect(log.every((message) => message.category === 'workLog')).toBe(true);
    expect(Date.parse(log[1]!.created_at)).toBeGreaterThan(start + 70 * MIN);
    expect((await fleet.view(OWNED))?.record).toMatchObject({ state: 'docked', battery: 100 });
    expect(await battery(OWNED)).toBe(100);
  });

  it('posts one important message per fault occurrence, with its code', async () => {
    await fleet.command(OWNED, 'start');
    now += 5 * MIN;
    await fleet.report(OWNED, { kind: 'fault', reason: 'stuck' });
    for (let repeat = 0; repeat < 5; repeat++) {
      now += MIN;
      expect((await fleet.report(OWNED, { kind: 'fault', reason: 'stuck' }))?.result).toBe(false);
    }
    expect((await fleet.command(OWNED, 'start'))?.result).toEqual({ status: 'ERROR', errorCode: 'deviceStuck' });
    await fleet.report(OWNED, { kind: 'clear' });
    expect((await fleet.command(OWNED, 'start'))?.result).toEqual({ status: 'SUCCESS' });
    now += MIN;
    await fleet.report(OWNED, { kind: 'fault', reason: 'stuck' });
    const faults = (await messages(OWNED)).filter((message) => message.type === 'fault');
    expect(faults.map((message) => [message.category, message.fault_code, JSON.parse(message.params).reason])).toEqual([
      ['important', 'E-203', 'stuck'],
      ['important', 'E-203', 'stuck'],
    ]);
  });

  it('tells the device tab when a mower goes offline and comes back', async () => {
    await fleet.report(SHARED, { kind: 'offline' });
    await fleet.report(SHARED, { kind: 'offline' });
    expect((await fleet.command(SHARED, 'start'))?.result).toEqual({ status: 'ERROR', errorCode: 'deviceOffline' });
    await fleet.report(SHARED, { kind: 'online' });
    expect((await messages(SHARED)).map((message) => [message.category, message.type])).toEqual([
      ['device', 'deviceOffline'],
      ['device', 'deviceOnline'],
    ]);
  });

  it('leaves one consistent state when commands race', async () => {
    const version = async () =>
      (
        await db
          .selectFrom('mowers')
          .select('state_version')
          .where('serial_number', '=', OWNED)
          .executeTakeFirstOrThrow()
      ).state_version;
    const before = await version();
    changes.length = 0;
    const starts = await Promise.all(Array.from({ length: 8 }, () => fleet.command(OWNED, 'start')));
    expect(starts.filter((out) => out?.result.status === 'SUCCESS' && !('alreadyInState' in out.result))).toHaveLength(
      1,
    );
    expect(starts.filter((out) => out?.result.status === 'SUCCESS' && 'alreadyInState' in out.result)).toHaveLength(7);
    expect((await messages(OWNED)).filter((message) => message.type === 'mowingStarted')).toHaveLength(1);

    const mixed = await Promise.all(
      ['pause', 'dock', 'stop', 'resume', 'dock', 'pause'].map((name) => fleet.command(OWNED, name as 'pause')),
    );
    const row = await db.selectFrom('mowers').selectAll().where('serial_number', '=', OWNED).executeTakeFirstOrThrow();
    // Every change that succeeded was written once, on top of the one before it.
    const written = changes.filter(
      (change) => change.view.serial === OWNED && change.events.some((event) => event.type === 'stateChanged'),
    );
    expect(row.state_version - before).toBe(changes.filter((change) => change.view.serial === OWNED).length);
    expect(written.at(-1)!.view.record.state).toBe(row.state);
    expect(mixed.every((out) => out !== undefined)).toBe(true);
    expect(['paused', 'returning', 'idle', 'mowing']).toContain(row.state);
    expect(row.at_station).toBe(0);
  });

  it('refuses winter storage below 85 % and takes it when charged', async () => {
    expect((await fleet.setWinterMode(SHARED, true))?.result).toBe('batteryTooLow');
    expect((await fleet.setWinterMode(OWNED, true))?.result).toBe('ok');
    expect((await fleet.command(OWNED, 'start'))?.result).toEqual({ status: 'ERROR', errorCode: 'deviceTurnedOff' });
    expect((await fleet.setWinterMode(OWNED, true))?.result).toBe('already');
    const row = await db
      .selectFrom('mowers')
      .select('winter_mode')
      .where('serial_number', '=', OWNED)
      .executeTakeFirstOrThrow();
    expect(row.winter_mode).toBe(1);
  });
});
