import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.ts';
import { DEMO } from '../../db/seed.ts';
import { createTestDatabase, testDatabaseKinds } from '../../testing/test-database.ts';
import { Fleet } from './fleet.ts';
import { LIVE_CADENCE, type LiveBeat, LiveCadence } from './live-cadence.ts';

const OWNED = DEMO.mowers.owned.serial;

describe.each(testDatabaseKinds)('the live cadence on %s', (kind) => {
  let db: Db;
  let destroy: () => Promise<void>;
  let now: number;
  let fleet: Fleet;
  let beats: LiveBeat[];
  let cadence: LiveCadence;
  const extra = Array.from({ length: 47 }, (_, index) => `NVM-CADENCE-${String(index).padStart(3, '0')}`);

  beforeAll(async () => {
    ({ db, destroy } = await createTestDatabase(kind));
    await db
      .insertInto('mowers')
      .values(
        extra.map((serial) => ({
          serial_number: serial,
          owner_id: DEMO.owner.id,
          name: serial,
          model: 'i105E',
          battery_percent: 90,
          created_at: new Date(0).toISOString(),
        })),
      )
      .execute();
  });
  afterAll(() => destroy());

  beforeEach(async () => {
    await db
      .updateTable('mowers')
      .set({ state: 'docked', at_station: 1, advanced_to: null, next_event_at: null, online: 1, job_left_ms: 0 })
      .execute();
    await db.updateTable('mowers').set({ battery_percent: 92 }).where('serial_number', '=', OWNED).execute();
    now = Date.parse('2026-06-01T08:00:00.000Z');
    fleet = new Fleet(db, { clock: { now: () => now } });
    beats = [];
    cadence = new LiveCadence(fleet, (beat) => void beats.push(beat));
  });

  async function beatFor(ms: number) {
    for (let elapsed = 0; elapsed < ms; elapsed += LIVE_CADENCE.movingMs) {
      now += LIVE_CADENCE.movingMs;
      await cadence.beat();
    }
  }

  it('sends every standing mower once a round (40 s), a slice a beat, and none twice', async () => {
    const total = Number(
      (
        await db
          .selectFrom('mowers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('online', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
    await beatFor(LIVE_CADENCE.standingMs);
    const sent = beats.flatMap((beat) => beat.standing.map((view) => view.serial));
    expect(new Set(sent).size).toBe(total);
    expect(sent).toHaveLength(total);
    // No beat carries much more than its share.
    const share = Math.ceil(total / (LIVE_CADENCE.standingMs / LIVE_CADENCE.movingMs));
    expect(Math.max(...beats.map((beat) => beat.standing.length))).toBeLessThanOrEqual(share);
  });

  it('sends a mowing mower every beat, played forward to now, and a paused or offline one never as moving', async () => {
    await fleet.command(OWNED, 'start');
    await beatFor(10_000);
    const moving = beats.map((beat) => beat.moving.map((view) => view.serial));
    expect(moving.every((serials) => serials.length === 1 && serials[0] === OWNED)).toBe(true);
    const mowed = beats.map((beat) => beat.moving[0]!.record.jobMowedMs);
    expect(mowed).toEqual([...mowed].sort((a, b) => a - b));
    expect(mowed.at(-1)! - mowed[0]!).toBe(8_000);
    expect(beats.every((beat) => beat.sinceMs === LIVE_CADENCE.movingMs)).toBe(true);

    await fleet.command(OWNED, 'pause');
    beats = [];
    await beatFor(LIVE_CADENCE.standingMs);
    expect(beats.flatMap((beat) => beat.moving)).toEqual([]);
    expect(beats.flatMap((beat) => beat.standing).filter((view) => view.serial === OWNED)).toHaveLength(1);

    await fleet.report(OWNED, { kind: 'offline' });
    beats = [];
    await beatFor(LIVE_CADENCE.standingMs);
    expect(beats.flatMap((beat) => [...beat.moving, ...beat.standing]).some((view) => view.serial === OWNED)).toBe(
      false,
    );
  });

  it('beats in one process of several, the one that holds the lease, and another takes over once it lapses', async () => {
    await db.updateTable('live_cadence_lease').set({ holder: '', expires_at: 0 }).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const sent: Record<'a' | 'b', number> = { a: 0, b: 0 };
      const process = (name: 'a' | 'b') =>
        new LiveCadence(fleet, (beat) => void (sent[name] += beat.standing.length), { lease: db });
      const a = process('a');
      const b = process('b');
      for (let beat = 0; beat < 5; beat++) {
        await a.beat();
        await b.beat();
        vi.setSystemTime(Date.now() + LIVE_CADENCE.movingMs);
      }
      expect(sent.a).toBeGreaterThan(0);
      expect(sent.b).toBe(0);
      // `a` stops: its lease runs out three beats later, and `b` carries on.
      vi.setSystemTime(Date.now() + 3 * LIVE_CADENCE.movingMs + 1);
      await b.beat();
      expect(sent.b).toBeGreaterThan(0);
      const before = sent.a;
      await a.beat();
      expect(sent.a).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });
});
