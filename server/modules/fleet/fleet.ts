import type { Db } from '../../db/database.ts';
import { reusableRead } from '../../db/reusable-read.ts';
import type { MowerTable } from '../../db/schema.ts';
import { usableBy } from '../mowers/public.ts';
import type { FaultReason } from '../../../common/messages.ts';
import {
  advance,
  command,
  type CommandResult,
  condition,
  type FleetEvent,
  type MowerCommand,
  type MowerCondition,
  type MowerRecord,
  type MowerState,
  newRecord,
  nextEventAt,
  type ReturnReason,
  winterMode,
} from './fleet-model.ts';

/** Where the fleet reads the time: the system clock, or a test's hand (a day of mowing in milliseconds). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A mower as the fleet sees it at one moment. */
export interface MowerView {
  serial: string;
  ownerId: string;
  name: string;
  model: string;
  firmwareVersion: string;
  record: MowerRecord;
  /** The moment the record is valid for. */
  at: number;
}

/** One committed change of a mower, and what happened on the way. */
export interface FleetChange {
  view: MowerView;
  events: FleetEvent[];
}

export type FleetListener = (change: FleetChange) => Promise<void> | void;

type Row = Pick<
  MowerTable,
  | 'serial_number'
  | 'owner_id'
  | 'name'
  | 'model'
  | 'battery_percent'
  | 'error_reason'
  | 'return_reason'
  | 'rain_until'
  | 'state_since'
  | 'advanced_to'
  | 'next_event_at'
> & {
  state: string;
  at_station: number;
  battery_progress_ms: number;
  job_left_ms: number;
  job_mowed_ms: number;
  total_mowing_seconds: number;
  return_left_ms: number;
  resume_after_charge: number;
  online: number;
  winter_mode: number;
  firmware_version: string;
  state_version: number;
};

const COLUMNS = [
  'serial_number',
  'owner_id',
  'name',
  'model',
  'battery_percent',
  'winter_mode',
  'state',
  'at_station',
  'battery_progress_ms',
  'error_reason',
  'return_reason',
  'job_left_ms',
  'job_mowed_ms',
  'total_mowing_seconds',
  'return_left_ms',
  'resume_after_charge',
  'rain_until',
  'online',
  'firmware_version',
  'state_since',
  'advanced_to',
  'next_event_at',
  'state_version',
] as const;

/** The rows of the mowers among `serials` that the account may use; built once per number of serials. */
const usableMowers = reusableRead((db: Db, accountId: string, serials: readonly string[]) =>
  db.selectFrom('mowers').select(COLUMNS).where('serial_number', 'in', serials).where(usableBy(accountId)),
);

/** The states in which the mower drives, and its position changes from one second to the next. */
const MOVING: MowerState[] = ['mowing', 'returning'];

const iso = (ms: number) => new Date(ms).toISOString();
const ms = (text: string | null) => (text === null ? null : Date.parse(text));

function toRecord(row: Row, now: number): MowerRecord {
  const anchor = ms(row.advanced_to) ?? now;
  return {
    ...newRecord(row.battery_percent, anchor),
    state: row.state as MowerState,
    atStation: row.at_station === 1,
    batteryProgressMs: row.battery_progress_ms,
    errorReason: row.error_reason as FaultReason | null,
    returnReason: row.return_reason as ReturnReason | null,
    jobLeftMs: row.job_left_ms,
    jobMowedMs: row.job_mowed_ms,
    totalMowingSeconds: row.total_mowing_seconds,
    returnLeftMs: row.return_left_ms,
    resumeAfterCharge: row.resume_after_charge === 1,
    rainUntil: ms(row.rain_until),
    online: row.online === 1,
    winterMode: row.winter_mode === 1,
    stateSince: ms(row.state_since) ?? anchor,
  };
}

function toColumns(record: MowerRecord) {
  const next = nextEventAt(record);
  return {
    state: record.state,
    at_station: record.atStation ? 1 : 0,
    battery_percent: record.battery,
    battery_progress_ms: Math.round(record.batteryProgressMs),
    error_reason: record.errorReason,
    return_reason: record.returnReason,
    job_left_ms: Math.max(0, Math.round(record.jobLeftMs)),
    job_mowed_ms: Math.round(record.jobMowedMs),
    total_mowing_seconds: record.totalMowingSeconds,
    return_left_ms: Math.max(0, Math.round(record.returnLeftMs)),
    resume_after_charge: record.resumeAfterCharge ? 1 : 0,
    rain_until: record.rainUntil === null ? null : iso(record.rainUntil),
    online: record.online ? 1 : 0,
    winter_mode: record.winterMode ? 1 : 0,
    state_since: iso(record.stateSince),
    advanced_to: iso(record.advancedTo),
    next_event_at: next === undefined ? null : iso(next),
  };
}

/** The fields whose change is worth a write; progress towards the next event replays from the last one. */
const DISCRETE = [
  'state',
  'atStation',
  'battery',
  'errorReason',
  'returnReason',
  'totalMowingSeconds',
  'resumeAfterCharge',
  'rainUntil',
  'online',
  'winterMode',
] as const;
const differs = (a: MowerRecord, b: MowerRecord) => DISCRETE.some((key) => a[key] !== b[key]);

const toView = (row: Row, record: MowerRecord, at: number): MowerView => ({
  serial: row.serial_number,
  ownerId: row.owner_id,
  name: row.name,
  model: row.model,
  firmwareVersion: row.firmware_version,
  record,
  at,
});

export class FleetContentionError extends Error {
  override readonly name = 'FleetContentionError';
}

export interface FleetOptions {
  clock?: Clock;
  log?: { error(object: unknown, message?: string): void };
}

/**
 * The mowers' live state (docs/decisions/014-fleet-model.md). Reads play the model forward in memory; every
 * change (a command, a report, the ticker's due events) is written with compare-and-set on `state_version`, so
 * several server processes, or racing requests, each apply their change to the latest state and never write
 * over another's. Listeners (messages, MQTT) hear each committed change once, from the process that made it.
 */
export class Fleet {
  readonly clock: Clock;
  private readonly listeners: FleetListener[] = [];
  private ticker: NodeJS.Timeout | undefined;
  private ticking: Promise<unknown> | undefined;
  private readonly log: FleetOptions['log'];
  private readonly db: Db;

  constructor(db: Db, { clock = systemClock, log }: FleetOptions = {}) {
    this.db = db;
    this.clock = clock;
    this.log = log;
  }

  onChange(listener: FleetListener): void {
    this.listeners.push(listener);
  }

  private async load(serials: readonly string[]): Promise<Row[]> {
    if (!serials.length) return [];
    return (await this.db
      .selectFrom('mowers')
      .select(COLUMNS)
      .where('serial_number', 'in', serials)
      .execute()) as Row[];
  }

  /** The mowers as they are now (played forward in memory; nothing is written). Unknown serials are left out. */
  async views(serials: readonly string[]): Promise<MowerView[]> {
    return this.toViews(serials, await this.load(serials));
  }

  /**
   * `views` of the mowers among `serials` that the account owns or has been shared, in one query (a linked
   * service's status read, on every poll); the others are left out.
   */
  async viewsFor(accountId: string, serials: readonly string[]): Promise<MowerView[]> {
    if (!serials.length) return [];
    return this.toViews(serials, (await usableMowers(this.db, accountId, serials)) as Row[]);
  }

  private toViews(serials: readonly string[], rows: Row[]): MowerView[] {
    const now = this.clock.now();
    const order = new Map(serials.map((serial, index) => [serial, index]));
    return rows
      .sort((a, b) => order.get(a.serial_number)! - order.get(b.serial_number)!)
      .map((row) => toView(row, advance(toRecord(row, now), now).record, now));
  }

  /** The mowers online and moving (mowing, returning) as they are now: the live cadence's every beat. */
  async movingViews(): Promise<MowerView[]> {
    const rows = (await this.db
      .selectFrom('mowers')
      .select(COLUMNS)
      .where('online', '=', 1)
      .where('state', 'in', MOVING)
      .execute()) as Row[];
    return this.toViews(
      rows.map((row) => row.serial_number),
      rows,
    );
  }

  /**
   * Up to `limit` mowers online and standing (not moving), the next after `after` in serial order: the live
   * cadence walks through all of them once a round, a slice a beat, so that no beat reads them all.
   */
  async standingViews(after: string, limit: number): Promise<MowerView[]> {
    const rows = (await this.db
      .selectFrom('mowers')
      .select(COLUMNS)
      .where('online', '=', 1)
      .where('state', 'not in', MOVING)
      .where('serial_number', '>', after)
      .orderBy('serial_number')
      .limit(limit)
      .execute()) as Row[];
    return this.toViews(
      rows.map((row) => row.serial_number),
      rows,
    );
  }

  /** How many mowers are online and standing: the live cadence's slice size. */
  async countStanding(): Promise<number> {
    const { count } = await this.db
      .selectFrom('mowers')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('online', '=', 1)
      .where('state', 'not in', MOVING)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async view(serial: string): Promise<MowerView | undefined> {
    return (await this.views([serial]))[0];
  }

  /**
   * Applies `change` to the mower's state as of now and writes it if the version is still the one read; else
   * reads again and retries. Undefined for an unknown mower.
   */
  private async mutate<T>(
    serial: string,
    change: (record: MowerRecord, now: number, row: Row) => { record: MowerRecord; events: FleetEvent[]; result: T },
  ): Promise<{ result: T; view: MowerView } | undefined> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const [row] = await this.load([serial]);
      if (!row) return undefined;
      const now = this.clock.now();
      const stored = toRecord(row, now);
      const played = advance(stored, now);
      const changed = change(played.record, now, row);
      const events = [...played.events, ...changed.events];
      const view = toView(row, changed.record, now);
      if (!events.length && !differs(stored, changed.record) && row.advanced_to !== null)
        return { result: changed.result, view };
      const update = await this.db
        .updateTable('mowers')
        .set({ ...toColumns(changed.record), state_version: row.state_version + 1 })
        .where('serial_number', '=', serial)
        .where('state_version', '=', row.state_version)
        .executeTakeFirst();
      if (Number(update.numUpdatedRows) === 1) {
        await this.dispatch({ view, events });
        return { result: changed.result, view };
      }
    }
    throw new FleetContentionError(`mower ${serial}: too many concurrent changes`);
  }

  private async dispatch(change: FleetChange) {
    for (const listener of this.listeners) {
      try {
        await listener(change);
      } catch (error) {
        this.log?.error({ err: error, serial: change.view.serial }, 'fleet listener failed');
      }
    }
  }

  /** A command from a client, validated against the state. Undefined for an unknown mower. */
  async command(serial: string, name: MowerCommand): Promise<{ result: CommandResult; view: MowerView } | undefined> {
    return this.mutate(serial, (record, now, row) => command(record, name, now, row.model));
  }

  /** What the mower reports of itself (faults, rain, connection); `changed` is false for a repeat. */
  async report(serial: string, report: MowerCondition): Promise<{ result: boolean; view: MowerView } | undefined> {
    return this.mutate(serial, (record, now) => {
      const outcome = condition(record, report, now);
      return { ...outcome, result: outcome.changed };
    });
  }

  async setWinterMode(serial: string, enabled: boolean) {
    return this.mutate(serial, (record, now) => winterMode(record, enabled, now));
  }

  /** Hands every mower's current state to `listener` (no events): the broker's retained state at start. */
  async publishAll(listener: FleetListener): Promise<void> {
    const serials = (await this.db.selectFrom('mowers').select('serial_number').execute()).map(
      (row) => row.serial_number,
    );
    for (const view of await this.views(serials)) await listener({ view, events: [] });
  }

  /** Writes every mower whose next event is due: what the ticker runs, and tests after moving the clock. */
  async advanceDue(): Promise<number> {
    const now = this.clock.now();
    const due = await this.db
      .selectFrom('mowers')
      .select('serial_number')
      .where((eb) => eb.or([eb('next_event_at', '<=', iso(now)), eb('advanced_to', 'is', null)]))
      .execute();
    for (const { serial_number } of due) {
      await this.mutate(serial_number, (record) => ({ record, events: [], result: undefined }));
    }
    return due.length;
  }

  /** Real time: the due events every `intervalMs`, one run at a time. */
  start(intervalMs: number): void {
    if (this.ticker || intervalMs <= 0) return;
    this.ticker = setInterval(() => {
      if (this.ticking) return;
      this.ticking = this.advanceDue()
        .catch((error: unknown) => this.log?.error({ err: error }, 'fleet tick failed'))
        .finally(() => (this.ticking = undefined));
    }, intervalMs);
    this.ticker.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.ticker);
    this.ticker = undefined;
    await this.ticking;
  }
}
