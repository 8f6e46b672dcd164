import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Clock, Fleet, MowerView } from './fleet.ts';

/**
 * How often the mowers' state is sent again without a change (docs/mqtt.md, "What subscribers get"). The public
 * clients take a quiet channel for a dead one: LoxBerry reconnects after 120 s without a message while the mower
 * is anything but docked or offline, ioBroker after 3 minutes without a position while mowing, Home Assistant's
 * open fixes (NavimowHA #48, #60) poll HTTP once the state is 90 s old, docked included. The real cloud sends
 * about every 2 s while mowing and about every 5 minutes docked. Standing mowers are sent in a round of 40 s: a
 * mower that stops just after its slice of a round passed waits at most two rounds, 80 s, below all of them.
 */
export const LIVE_CADENCE = {
  /** A beat: every moving mower's state and position. */
  movingMs: 2_000,
  /** Every mower online and standing (docked, paused, idle, in a fault) once in this time, a slice each beat. */
  standingMs: 40_000,
} as const;

/** One beat's mowers, played forward to now; `moving` are the ones that drive (mowing or returning). */
export interface LiveBeat {
  moving: MowerView[];
  standing: MowerView[];
  /** How long since the last beat: what the moving mowers covered in between (a new percent or not). */
  sinceMs: number;
}

export type LiveBeatListener = (beat: LiveBeat) => Promise<void> | void;

export interface LiveCadenceOptions {
  /** Beats only while this process holds the cadence's lease in this database (several processes: one sends). */
  lease?: Db;
  clock?: Clock;
  movingMs?: number;
  standingMs?: number;
  log?: { error(object: unknown, message?: string): void };
}

/**
 * The live cadence: one timer for the whole fleet, not one per mower. Each beat reads the moving mowers (one query)
 * and the next slice of the standing ones (one query, in serial order from where the last slice ended), so every
 * standing mower is sent once in `standingMs` and a beat's work stays the same size however many there are.
 */
export class LiveCadence {
  private readonly fleet: Fleet;
  private readonly listener: LiveBeatListener;
  private readonly clock: Clock;
  private readonly movingMs: number;
  private readonly beatsPerRound: number;
  private readonly log: LiveCadenceOptions['log'];
  private readonly lease: Db | undefined;
  private readonly holder = randomUUID();
  /** The last standing serial sent this round; undefined once the round has sent them all. */
  private cursor: string | undefined = '';
  private sliceSize = 0;
  /** Beats into the current round: each round lasts `beatsPerRound` beats, however early its slices run out. */
  private beatInRound = 0;
  private lastBeatAt: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<unknown> | undefined;

  constructor(fleet: Fleet, listener: LiveBeatListener, options: LiveCadenceOptions = {}) {
    this.fleet = fleet;
    this.listener = listener;
    this.clock = options.clock ?? fleet.clock;
    this.movingMs = options.movingMs ?? LIVE_CADENCE.movingMs;
    this.beatsPerRound = Math.max(1, Math.round((options.standingMs ?? LIVE_CADENCE.standingMs) / this.movingMs));
    this.log = options.log;
    this.lease = options.lease;
  }

  /**
   * Takes or renews the lease for three beats: the process that holds it beats, the others wait until it lapses (a
   * process that stopped is replaced within 6 s). On the wall clock, which all processes share.
   */
  private async holdsLease(): Promise<boolean> {
    if (!this.lease) return true;
    const now = Date.now();
    const taken = await this.lease
      .updateTable('live_cadence_lease')
      .set({ holder: this.holder, expires_at: now + 3 * this.movingMs })
      .where('id', '=', 'cadence')
      .where((eb) => eb.or([eb('holder', '=', this.holder), eb('expires_at', '<', now)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /** One beat: what the timer runs, and tests after moving the clock. Answers how many mowers it sent. */
  async beat(): Promise<number> {
    if (!(await this.holdsLease())) {
      // Another process sends; should the lease come here, a round starts afresh.
      this.beatInRound = 0;
      this.lastBeatAt = undefined;
      return 0;
    }
    const now = this.clock.now();
    const sinceMs = this.lastBeatAt === undefined ? this.movingMs : now - this.lastBeatAt;
    this.lastBeatAt = now;
    // The slice size is set at the start of each round, from the count then: mowers added during a round wait
    // for the next one at most.
    if (this.beatInRound === 0) {
      this.cursor = '';
      this.sliceSize = Math.ceil((await this.fleet.countStanding()) / this.beatsPerRound);
    }
    this.beatInRound = (this.beatInRound + 1) % this.beatsPerRound;
    const moving = (await this.fleet.movingViews()).filter(isMoving);
    const standing =
      this.cursor !== undefined && this.sliceSize > 0
        ? await this.fleet.standingViews(this.cursor, this.sliceSize)
        : [];
    if (this.cursor !== undefined) this.cursor = standing.length < this.sliceSize ? undefined : standing.at(-1)?.serial;
    await this.listener({ moving, standing, sinceMs });
    return moving.length + standing.length;
  }

  start(): void {
    if (this.timer || this.movingMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.beating) return;
      this.beating = this.beat()
        .catch((error: unknown) => this.log?.error({ err: error }, 'live cadence beat failed'))
        .finally(() => (this.beating = undefined));
    }, this.movingMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
  }
}

/** Played forward to now, a mower read as moving may have arrived (or finished) since its row was written. */
export const isMoving = ({ record }: MowerView) =>
  record.online && (record.state === 'mowing' || record.state === 'returning');
