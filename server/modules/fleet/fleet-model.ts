import { canHibernate } from '../../../common/hibernation.ts';
import { FAULT_REASONS, type FaultReason, type MessageParams } from '../../../common/messages.ts';

/**
 * The simulated mower (docs/decisions/014-fleet-model.md): a pure, discrete-event model. A mower's record is its
 * state as of `advancedTo`; `advance` plays every event up to a given time, in order, with millisecond progress
 * kept between calls, so the same record advanced in one step or in a thousand gives the same result. Nothing
 * here reads a clock or a database.
 */

export const MOWER_STATES = ['docked', 'idle', 'mowing', 'paused', 'returning', 'error'] as const;
export type MowerState = (typeof MOWER_STATES)[number];
export type ReturnReason = MessageParams['returnedToStation']['reason'];
export type MowerCommand = 'start' | 'stop' | 'pause' | 'resume' | 'dock';

/** What the mower (or, here, the simulator panel) reports on its own: faults, rain, connection. */
export type MowerCondition =
  | { kind: 'fault'; reason: FaultReason }
  | { kind: 'rain'; minutes: number }
  | { kind: 'clear' }
  | { kind: 'offline' }
  | { kind: 'online' };

export interface MowerRecord {
  state: MowerState;
  /** On the charging station: it charges there, whatever its state. `docked` is always on it, `idle` never. */
  atStation: boolean;
  battery: number;
  /** Milliseconds spent towards the next whole percent (up or down). */
  batteryProgressMs: number;
  errorReason: FaultReason | null;
  returnReason: ReturnReason | null;
  /** Mowing still to do in the current job; 0: no job. */
  jobLeftMs: number;
  /** Mowing done in the current (or last) job: the clients' `mowing_time`. */
  jobMowedMs: number;
  /** Mowing of finished jobs, in seconds; the clients' `total_mowing_time` adds the current job. */
  totalMowingSeconds: number;
  returnLeftMs: number;
  /** The job goes on by itself once charged (after a low-battery or rain return). */
  resumeAfterCharge: boolean;
  rainUntil: number | null;
  online: boolean;
  /** Winter storage: powered down, nothing changes and commands are refused. */
  winterMode: boolean;
  stateSince: number;
  advancedTo: number;
}

export type FleetEventType =
  | 'mowingStarted'
  | 'mowingFinished'
  | 'returnedToStation'
  | 'fault'
  | 'faultCleared'
  | 'deviceOffline'
  | 'deviceOnline'
  | 'stateChanged'
  | 'charged'
  | 'winterMode';

export interface FleetEvent {
  type: FleetEventType;
  at: number;
  params: Record<string, unknown>;
}

/** A command's outcome in the clients' terms: done, already so (a success for them), or why not. */
export type CommandResult = { status: 'SUCCESS'; alreadyInState?: boolean } | { status: 'ERROR'; errorCode: string };

export const RATES = {
  /** 1 % a minute while mowing or driving: about 85 minutes from full to the return threshold. */
  drainMsPerPercent: 60_000,
  /** Standing off the station (idle, paused, in a fault): 1 % in 20 minutes. */
  standbyDrainMsPerPercent: 20 * 60_000,
  /** Charging is fast up to 80 %, then slows down (the usual lithium curve). */
  fastChargeMsPerPercent: 45_000,
  slowChargeMsPerPercent: 120_000,
  slowChargeFromPercent: 80,
  /** Mowing turns back to the station at this level... */
  returnAtPercent: 15,
  /** ...and goes on with its job once charged to this one. */
  resumeAtPercent: 90,
  /** A start needs at least this much. */
  minStartPercent: 20,
  returnTripMs: 90_000,
  squareMetresPerMinute: 6,
} as const;

/** The lawn each demo model mows in one job, in square metres (the job's length follows from the rate). */
export function lawnSquareMetres(model: string): number {
  if (/X3\d\d/i.test(model)) return 1500;
  if (/H8\d\d/i.test(model)) return 800;
  return 500;
}

export const jobLengthMs = (model: string) =>
  Math.round((lawnSquareMetres(model) / RATES.squareMetresPerMinute) * 60_000);

/** The fault codes the mower shows for each reason (as in the message centre's demo messages). */
export const FAULT_CODES: Record<FaultReason, string> = {
  stuck: 'E-203',
  lifted: 'E-105',
  tilted: 'E-110',
  outsideBoundary: 'E-402',
  bladeBlocked: 'E-301',
  lowBattery: 'E-501',
  rainDelay: 'W-601',
};

/** The error code a command gets while the mower is in a fault (Google's names where Google has one). */
export const FAULT_ERROR_CODES: Record<FaultReason, string> = {
  stuck: 'deviceStuck',
  lifted: 'deviceLifted',
  tilted: 'deviceTilted',
  outsideBoundary: 'deviceOutsideBoundary',
  bladeBlocked: 'deviceJammingDetected',
  lowBattery: 'lowBattery',
  rainDelay: 'rainDelay',
};

export const isFaultReason = (value: unknown): value is FaultReason => FAULT_REASONS.includes(value as FaultReason);

export function newRecord(battery: number, now: number): MowerRecord {
  return {
    state: 'docked',
    atStation: true,
    battery,
    batteryProgressMs: 0,
    errorReason: null,
    returnReason: null,
    jobLeftMs: 0,
    jobMowedMs: 0,
    totalMowingSeconds: 0,
    returnLeftMs: 0,
    resumeAfterCharge: false,
    rainUntil: null,
    online: true,
    winterMode: false,
    stateSince: now,
    advancedTo: now,
  };
}

/** Nothing happens to a mower that is offline or in winter storage (the cloud hears nothing from it). */
const frozen = (record: MowerRecord) => !record.online || record.winterMode;

/** How long one percent takes now, and in which direction; undefined when the battery holds. */
function batteryStep(record: MowerRecord): { ms: number; delta: 1 | -1 } | undefined {
  if (record.atStation) {
    if (record.battery >= 100) return undefined;
    return {
      ms: record.battery >= RATES.slowChargeFromPercent ? RATES.slowChargeMsPerPercent : RATES.fastChargeMsPerPercent,
      delta: 1,
    };
  }
  if (record.battery <= 0) return undefined;
  const moving = record.state === 'mowing' || record.state === 'returning';
  return { ms: moving ? RATES.drainMsPerPercent : RATES.standbyDrainMsPerPercent, delta: -1 };
}

type Step = 'battery' | 'jobDone' | 'arrived' | 'rainStops';

/** The next thing that happens by itself, and in how many milliseconds. */
function nextStep(record: MowerRecord, at: number): { step: Step; in: number } | undefined {
  if (frozen(record)) return undefined;
  const candidates: { step: Step; in: number }[] = [];
  const battery = batteryStep(record);
  if (battery) candidates.push({ step: 'battery', in: Math.max(0, battery.ms - record.batteryProgressMs) });
  if (record.state === 'mowing') candidates.push({ step: 'jobDone', in: record.jobLeftMs });
  if (record.state === 'returning') candidates.push({ step: 'arrived', in: record.returnLeftMs });
  if (record.rainUntil !== null) candidates.push({ step: 'rainStops', in: Math.max(0, record.rainUntil - at) });
  // Ties resolve in this order: a job that ends as the battery ticks still finishes.
  const order: Step[] = ['jobDone', 'arrived', 'rainStops', 'battery'];
  candidates.sort((a, b) => a.in - b.in || order.indexOf(a.step) - order.indexOf(b.step));
  return candidates[0];
}

/** The time of the next event, for the ticker's "who is due" query; undefined when nothing will happen. */
export function nextEventAt(record: MowerRecord): number | undefined {
  const next = nextStep(record, record.advancedTo);
  return next && record.advancedTo + next.in;
}

class Transition {
  readonly events: FleetEvent[] = [];
  readonly record: MowerRecord;

  constructor(record: MowerRecord) {
    this.record = record;
  }

  emit(type: FleetEventType, at: number, params: Record<string, unknown> = {}) {
    this.events.push({ type, at, params });
  }

  enter(state: MowerState, at: number, changes: Partial<MowerRecord> = {}) {
    const from = this.record.state;
    Object.assign(this.record, changes);
    if (state !== from) {
      this.record.state = state;
      this.record.stateSince = at;
      this.emit('stateChanged', at, {
        from,
        to: state,
        ...(this.record.errorReason && state === 'error' && { reason: this.record.errorReason }),
      });
    }
    if (state === 'docked' || state === 'idle' || state === 'mowing' || state === 'paused' || state === 'returning') {
      this.record.errorReason = null;
    }
    if (state !== 'returning') this.record.returnReason = null;
  }

  startReturn(at: number, reason: ReturnReason, resumeAfterCharge: boolean) {
    this.enter('returning', at, {
      atStation: false,
      batteryProgressMs: this.record.atStation ? 0 : this.record.batteryProgressMs,
      returnLeftMs: RATES.returnTripMs,
      resumeAfterCharge,
    });
    this.record.returnReason = reason;
  }

  startMowing(at: number) {
    this.enter('mowing', at, {
      atStation: false,
      batteryProgressMs: this.record.atStation ? 0 : this.record.batteryProgressMs,
      resumeAfterCharge: false,
    });
  }

  fault(at: number, reason: FaultReason) {
    this.enter('error', at, {
      errorReason: reason,
      resumeAfterCharge: reason === 'rainDelay' && this.record.jobLeftMs > 0,
    });
    this.record.errorReason = reason;
    this.emit('fault', at, { reason, code: FAULT_CODES[reason] });
  }

  finishJob(at: number) {
    const minutes = Math.round(this.record.jobMowedMs / 60_000);
    this.record.totalMowingSeconds += Math.round(this.record.jobMowedMs / 1000);
    this.record.jobLeftMs = 0;
    this.emit('mowingFinished', at, {
      areaSquareMetres: Math.round((this.record.jobMowedMs / 60_000) * RATES.squareMetresPerMinute),
      minutes,
    });
  }

  /** Charged enough, and nothing in the way: back to the job. */
  maybeResume(at: number) {
    const r = this.record;
    if (
      r.atStation &&
      r.resumeAfterCharge &&
      r.jobLeftMs > 0 &&
      r.rainUntil === null &&
      r.battery >= RATES.resumeAtPercent
    ) {
      if (r.state === 'docked' || (r.state === 'error' && r.errorReason === 'rainDelay')) this.startMowing(at);
    }
  }
}

function elapse(record: MowerRecord, ms: number) {
  if (ms <= 0) return;
  if (batteryStep(record)) record.batteryProgressMs += ms;
  if (record.state === 'mowing') {
    record.jobLeftMs -= ms;
    record.jobMowedMs += ms;
  }
  if (record.state === 'returning') record.returnLeftMs -= ms;
}

function applyStep(t: Transition, step: Step, at: number) {
  const r = t.record;
  switch (step) {
    case 'battery': {
      const battery = batteryStep(r)!;
      r.battery = Math.min(100, Math.max(0, r.battery + battery.delta));
      r.batteryProgressMs = 0;
      if (battery.delta > 0) {
        if (r.battery === 100) t.emit('charged', at, { battery: 100 });
        t.maybeResume(at);
      } else if (r.state === 'mowing' && r.battery <= RATES.returnAtPercent) {
        t.startReturn(at, 'lowBattery', true);
      } else if (r.battery === 0 && r.state !== 'error') {
        t.fault(at, 'lowBattery');
      }
      return;
    }
    case 'jobDone':
      t.finishJob(at);
      t.startReturn(at, 'finished', false);
      return;
    case 'arrived': {
      const reason = r.returnReason ?? 'manual';
      t.enter('docked', at, { atStation: true, batteryProgressMs: 0, returnLeftMs: 0 });
      t.emit('returnedToStation', at, { reason });
      if (r.rainUntil !== null) t.fault(at, 'rainDelay');
      return;
    }
    case 'rainStops':
      r.rainUntil = null;
      if (r.state === 'error' && r.errorReason === 'rainDelay') {
        t.enter('docked', at);
        t.emit('faultCleared', at, { reason: 'rainDelay' });
      }
      t.maybeResume(at);
      return;
  }
}

/** Every event up to `until`, in order; the record is then valid as of `until`. */
export function advance(record: MowerRecord, until: number): { record: MowerRecord; events: FleetEvent[] } {
  const t = new Transition({ ...record });
  const r = t.record;
  // A day of one-minute steps is some 1500 events; the guard only stops a model bug from spinning forever.
  for (let guard = 0; guard < 1_000_000 && r.advancedTo < until; guard++) {
    const next = nextStep(r, r.advancedTo);
    if (!next || r.advancedTo + next.in > until) {
      if (!frozen(r)) elapse(r, until - r.advancedTo);
      r.advancedTo = until;
      break;
    }
    elapse(r, next.in);
    r.advancedTo += next.in;
    applyStep(t, next.step, r.advancedTo);
  }
  if (r.advancedTo < until) r.advancedTo = until;
  return { record: r, events: t.events };
}

const already = (): CommandResult => ({ status: 'SUCCESS', alreadyInState: true });
const done = (): CommandResult => ({ status: 'SUCCESS' });
const refuse = (errorCode: string): CommandResult => ({ status: 'ERROR', errorCode });

/** A command at time `at` (the record advanced to it first), validated against the state. */
export function command(
  record: MowerRecord,
  name: MowerCommand,
  at: number,
  model: string,
): { record: MowerRecord; events: FleetEvent[]; result: CommandResult } {
  const t = new Transition({ ...record });
  const r = t.record;
  const result = ((): CommandResult => {
    if (!r.online) return refuse('deviceOffline');
    if (r.winterMode) return refuse('deviceTurnedOff');
    if (r.state === 'error') {
      const reason = r.errorReason ?? 'stuck';
      // In a rain delay the mower waits on its station: docking or stopping it is what it does already.
      if (reason === 'rainDelay' && (name === 'dock' || name === 'stop')) return already();
      return refuse(FAULT_ERROR_CODES[reason]);
    }
    switch (name) {
      case 'start':
        if (r.state === 'mowing') return already();
        if (r.state !== 'paused' && r.battery < RATES.minStartPercent) return refuse('lowBattery');
        if (r.jobLeftMs <= 0) {
          r.jobLeftMs = jobLengthMs(model);
          r.jobMowedMs = 0;
          t.emit('mowingStarted', at);
        }
        t.startMowing(at);
        return done();
      case 'resume':
        if (r.state === 'mowing') return already();
        if (r.state !== 'paused') return refuse('actionNotAvailable');
        t.startMowing(at);
        return done();
      case 'pause':
        if (r.state === 'paused') return already();
        if (r.state !== 'mowing') return refuse('actionNotAvailable');
        t.enter('paused', at);
        return done();
      case 'stop':
        if (r.state === 'docked' || r.state === 'idle') return already();
        // Ends the job where the mower stands; it does not drive home by itself.
        if (r.jobMowedMs > 0) r.totalMowingSeconds += Math.round(r.jobMowedMs / 1000);
        t.enter('idle', at, { jobLeftMs: 0, jobMowedMs: 0, resumeAfterCharge: false, returnLeftMs: 0 });
        return done();
      case 'dock':
        if (r.state === 'docked' || r.state === 'returning') return already();
        t.startReturn(at, 'manual', false);
        return done();
    }
  })();
  return { record: r, events: t.events, result };
}

/** What the mower reports by itself (or the simulator makes it report). `changed` is false for a repeat. */
export function condition(
  record: MowerRecord,
  report: MowerCondition,
  at: number,
): { record: MowerRecord; events: FleetEvent[]; changed: boolean } {
  const t = new Transition({ ...record });
  const r = t.record;
  const changed = ((): boolean => {
    switch (report.kind) {
      case 'offline':
        if (!r.online) return false;
        r.online = false;
        t.emit('deviceOffline', at);
        return true;
      case 'online':
        if (r.online) return false;
        r.online = true;
        t.emit('deviceOnline', at);
        return true;
    }
    // An offline mower reports nothing.
    if (!r.online) return false;
    switch (report.kind) {
      case 'fault':
        // One fault, one message: the mower repeating it while it lasts changes nothing.
        if (r.state === 'error' && r.errorReason === report.reason) return false;
        if (report.reason === 'rainDelay') return rain(t, 60, at);
        t.fault(at, report.reason);
        return true;
      case 'rain':
        return rain(t, report.minutes, at);
      case 'clear':
        if (r.state !== 'error') return false;
        t.emit('faultCleared', at, { reason: r.errorReason });
        if (r.errorReason === 'rainDelay') r.rainUntil = null;
        // A flat battery out in the garden: the owner carries the mower home.
        if (r.errorReason === 'lowBattery') Object.assign(r, { atStation: true, batteryProgressMs: 0 });
        if (r.atStation) {
          t.enter('docked', at);
          t.maybeResume(at);
        } else {
          t.enter('idle', at, { resumeAfterCharge: false });
        }
        return true;
    }
  })();
  return { record: r, events: t.events, changed };
}

function rain(t: Transition, minutes: number, at: number): boolean {
  const r = t.record;
  const until = at + Math.max(1, Math.round(minutes)) * 60_000;
  // Rain while it already rains changes nothing: one delay, one message.
  if (r.rainUntil !== null) return false;
  r.rainUntil = until;
  if (r.state === 'mowing' || r.state === 'paused' || r.state === 'idle') {
    t.startReturn(at, 'rain', r.jobLeftMs > 0);
  } else if (r.state === 'docked') {
    t.fault(at, 'rainDelay');
  } else if (r.state === 'returning') {
    r.returnReason = 'rain';
  }
  // In another fault the rain only keeps it home once the fault is cleared.
  return true;
}

/** Hibernation (seed section 4): only a charged mower standing still goes into winter storage. */
export function winterMode(
  record: MowerRecord,
  enabled: boolean,
  at: number,
): { record: MowerRecord; events: FleetEvent[]; result: 'ok' | 'already' | 'batteryTooLow' | 'busy' | 'offline' } {
  const t = new Transition({ ...record });
  const r = t.record;
  if (!r.online) return { record: r, events: [], result: 'offline' };
  if (r.winterMode === enabled) return { record: r, events: [], result: 'already' };
  if (enabled) {
    if (r.state === 'mowing' || r.state === 'returning' || r.state === 'paused')
      return { record: r, events: [], result: 'busy' };
    if (!canHibernate(r.battery)) return { record: r, events: [], result: 'batteryTooLow' };
  }
  r.winterMode = enabled;
  t.emit('winterMode', at, { enabled });
  return { record: r, events: t.events, result: 'ok' };
}
