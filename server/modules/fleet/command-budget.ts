import { sql } from 'kysely';
import { inBatches } from '../../db/batched-sweep.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from './fleet.ts';
import type { MowerCommand } from './fleet-model.ts';

/**
 * Most commands (a device and one of its executions, after duplicates are dropped) one request may carry.
 * navimow-sdk (and so Home Assistant) sends one device with one execution per request; Google sends one execution
 * per command and groups the devices it applies to, a few per user ("stop all mowers"). Ten covers a household
 * with ten mowers.
 */
export const MAX_COMMANDS_PER_REQUEST = 10;

/** Commands a mower, and an account, may be sent a minute (token buckets: that many at once, then refilled evenly). */
export interface CommandLimits {
  perMowerPerMinute: number;
  perAccountPerMinute: number;
}

const MINUTE_MS = 60_000;

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/** One command of a request for a mower: `command` undefined for one the mower does not know (it still costs). */
export interface BudgetedCommand {
  serial: string;
  command?: MowerCommand | undefined;
}

/**
 * Commands that stop the blades or send the mower home: whoever may use the mower gets them through, whatever others
 * sent it (each sender's own bucket of them still holds). Repeating one changes nothing.
 */
export const SAFETY_COMMANDS: ReadonlySet<MowerCommand> = new Set(['stop', 'pause', 'dock']);

/** One draw from one bucket: `cost` commands from a bucket of `perMinute`. */
interface Draw {
  key: string;
  cost: number;
  perMinute: number;
}

class Refused extends Error {
  readonly waitMs: number;
  readonly bucket: 'mower' | 'account';

  constructor(waitMs: number, bucket: 'mower' | 'account') {
    super('command budget exhausted');
    this.waitMs = waitMs;
    this.bucket = bucket;
  }
}

/**
 * Takes `draw` from its bucket in `trx`, or says how long until it could. Credits are kept in 1/60 000 of a command,
 * so that a bucket of N a minute refills N credits a millisecond, in whole numbers on both databases. One upsert:
 * the refill, the check and the draw are one statement, which on PostgreSQL holds the bucket's row until the
 * transaction ends, so parallel requests on any process draw one after the other and none is admitted twice.
 */
async function drawFrom(trx: Db, { key, cost, perMinute }: Draw, now: number): Promise<number> {
  const capacity = perMinute * MINUTE_MS;
  const price = cost * MINUTE_MS;
  if (price > capacity) return MINUTE_MS;
  // Another process's clock a little behind refills nothing rather than taking credit away.
  const elapsed = sql<number>`CASE WHEN ${now} > command_buckets.updated_at THEN ${now} - command_buckets.updated_at ELSE 0 END`;
  const refilled = sql<number>`CASE WHEN command_buckets.credit + ${elapsed} * ${perMinute} > ${capacity} THEN ${capacity} ELSE command_buckets.credit + ${elapsed} * ${perMinute} END`;
  const taken = await trx
    .insertInto('command_buckets')
    .values({ key, credit: capacity - price, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({
          credit: sql`${refilled} - ${price}`,
          updated_at: sql`CASE WHEN ${now} > command_buckets.updated_at THEN ${now} ELSE command_buckets.updated_at END`,
        })
        .where(sql<boolean>`${refilled} >= ${price}`),
    )
    .returning('credit')
    .executeTakeFirst();
  if (taken) return 0;
  const bucket = await trx
    .selectFrom('command_buckets')
    .select(['credit', 'updated_at'])
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  const available = Math.min(
    capacity,
    Number(bucket.credit) + Math.max(0, now - Number(bucket.updated_at)) * perMinute,
  );
  return Math.max(1, Math.ceil((price - available) / perMinute));
}

/**
 * How many commands reach the mowers (docs/decisions/024-commands-under-abuse.md), in token buckets in the database so
 * that several processes count together (docs/decisions/013-…): per mower, one for its owner (and the owner's linked
 * services) and one its sharers share, so that no sharer can spend the owner's; per sending account; and a stop, a
 * pause or a dock draws only from the sender's own bucket of those, so that it gets through whatever anyone else sent
 * the mower. A request's commands are admitted all together or not at all, and a refused request changes nothing.
 */
export class CommandBudget {
  private readonly db: Db;
  private readonly limits: CommandLimits;
  private readonly clock: Clock;
  /** Requests refused since start, by the bucket that was empty (the metrics read them: server/metrics.ts). */
  readonly refused = { mower: 0, account: 0 };

  constructor(db: Db, limits: CommandLimits, clock: Clock) {
    this.db = db;
    this.limits = limits;
    this.clock = clock;
  }

  /** Takes the commands of one request, sent for `accountId` to mowers it may use. */
  async take(accountId: string, commands: readonly BudgetedCommand[]): Promise<Admission> {
    if (!commands.length) return { admitted: true };
    const now = this.clock.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        const serials = [...new Set(commands.map((command) => command.serial))];
        const owned = new Set(
          (
            await trx
              .selectFrom('mowers')
              .select('serial_number')
              .where('owner_id', '=', accountId)
              .where('serial_number', 'in', serials)
              .execute()
          ).map((row) => row.serial_number),
        );
        const costs = new Map<string, Draw>();
        const draw = (key: string, perMinute: number) => {
          const entry = costs.get(key) ?? { key, cost: 0, perMinute };
          entry.cost += 1;
          costs.set(key, entry);
        };
        for (const { serial, command } of commands) {
          if (command && SAFETY_COMMANDS.has(command)) {
            draw(`safety ${accountId}`, this.limits.perAccountPerMinute);
            continue;
          }
          draw(`account ${accountId}`, this.limits.perAccountPerMinute);
          draw(owned.has(serial) ? `mower ${serial}` : `mower ${serial} shared`, this.limits.perMowerPerMinute);
        }
        // Always the same order of rows: two requests drawing from the same buckets never wait on each other in a
        // circle.
        const draws = [...costs.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        for (const entry of draws) {
          const waitMs = await drawFrom(trx, entry, now);
          if (waitMs > 0) throw new Refused(waitMs, entry.key.startsWith('mower ') ? 'mower' : 'account');
        }
      });
      return { admitted: true };
    } catch (error) {
      if (error instanceof Refused) {
        this.refused[error.bucket] += 1;
        return { admitted: false, retryAfterSeconds: Math.ceil(error.waitMs / 1000) };
      }
      throw error;
    }
  }
}

/** The hourly sweep: a bucket untouched for a minute is full again, the same as no row. */
export async function sweepCommandBuckets(db: Db, now = Date.now()): Promise<void> {
  await inBatches((limit) =>
    db
      .deleteFrom('command_buckets')
      .where('key', 'in', (eb) =>
        eb
          .selectFrom('command_buckets')
          .select('key')
          .where('updated_at', '<=', now - MINUTE_MS)
          .limit(limit),
      )
      .executeTakeFirst(),
  );
}
