import { randomBytes } from 'node:crypto';
import { inBatches } from '../../db/batched-sweep.ts';
import type { Db } from '../../db/database.ts';

/**
 * The answers of `POST /openapi/smarthome/responseCommands` (docs/decisions/016-navimow-compatible-api.md): each
 * command of `sendCommands` gets a `cmdNum`, and its status there is the real cloud's: 2 while the mower has not
 * confirmed it, then 3 done, or 4 with the command's `errorCode`. Our fleet runs a command within the request; the
 * mower's confirmation is simulated as `CONFIRM_MS` later, so that a client polling as homebridge-navimow does (every
 * second for 20 s) sees what it sees of the cloud. In the database, not in memory: with several processes, the poll
 * may reach another process than the command did.
 */
export const COMMAND_STATUS = { inProgress: 2, done: 3, failed: 4 } as const;

/** How long the simulated mower takes to confirm a command (the real cloud: within 30 s). */
export const CONFIRM_MS = 2_000;
/** How long a command's result can be asked for. */
export const COMMAND_RESULT_TTL_MS = 10 * 60_000;

export interface IssuedCommand {
  deviceId: string;
  /** Why it failed; undefined: done (or nothing to do, which the clients take as done). */
  errorCode: string | undefined;
}

/** Records the commands of one request; answers their `cmdNum`s in the same order. */
export async function recordCommandResults(
  db: Db,
  accountId: string,
  commands: readonly IssuedCommand[],
  now: number,
): Promise<string[]> {
  if (!commands.length) return [];
  const rows = commands.map(({ deviceId, errorCode }) => ({
    cmd_num: randomBytes(12).toString('hex'),
    account_id: accountId,
    device_id: deviceId,
    error_code: errorCode ?? null,
    created_at: now,
    done_at: now + CONFIRM_MS,
  }));
  await db.insertInto('command_results').values(rows).execute();
  return rows.map((row) => row.cmd_num);
}

export interface CommandStatus {
  id: string;
  cmdNum: string;
  status: (typeof COMMAND_STATUS)[keyof typeof COMMAND_STATUS];
  errorCode?: string;
}

/**
 * The status of each asked-for command of this account, in the order asked; a `cmdNum` it did not send (another
 * account's, an expired one, a made-up one) or named with another device is left out, as an unknown device is.
 */
export async function commandStatuses(
  db: Db,
  accountId: string,
  asked: readonly { id: string; cmdNum: string }[],
  now: number,
): Promise<CommandStatus[]> {
  if (!asked.length) return [];
  const rows = await db
    .selectFrom('command_results')
    .select(['cmd_num', 'device_id', 'error_code', 'done_at'])
    .where('cmd_num', 'in', [...new Set(asked.map((entry) => entry.cmdNum))])
    .where('account_id', '=', accountId)
    .where('created_at', '>', now - COMMAND_RESULT_TTL_MS)
    .execute();
  const byNum = new Map(rows.map((row) => [row.cmd_num, row]));
  return asked.flatMap(({ id, cmdNum }): CommandStatus[] => {
    const row = byNum.get(cmdNum);
    if (!row || row.device_id !== id) return [];
    if (now < Number(row.done_at)) return [{ id, cmdNum, status: COMMAND_STATUS.inProgress }];
    return row.error_code === null
      ? [{ id, cmdNum, status: COMMAND_STATUS.done }]
      : [{ id, cmdNum, status: COMMAND_STATUS.failed, errorCode: row.error_code }];
  });
}

/** The hourly sweep: results no client may ask for any more. */
export async function sweepCommandResults(db: Db, now = Date.now()): Promise<void> {
  await inBatches((limit) =>
    db
      .deleteFrom('command_results')
      .where('cmd_num', 'in', (eb) =>
        eb
          .selectFrom('command_results')
          .select('cmd_num')
          .where('created_at', '<=', now - COMMAND_RESULT_TTL_MS)
          .limit(limit),
      )
      .executeTakeFirst(),
  );
}
