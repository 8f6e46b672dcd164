import { type ExpressionBuilder, sql } from 'kysely';
import type { MowerDto, MowerRole } from '../../../common/api-types.ts';
import type { Db } from '../../db/database.ts';
import { reusableRead } from '../../db/reusable-read.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The condition, on a query over `mowers`, that the account may use the mower (seed section 6): it owns it, or the
 * mower is shared with it. The one statement of that rule for queries that select mowers by it.
 */
export function usableBy(accountId: string) {
  return (eb: ExpressionBuilder<Database, 'mowers'>) =>
    eb.or([
      eb('mowers.owner_id', '=', accountId),
      eb.exists(
        eb
          .selectFrom('mower_shares')
          .select('mower_shares.mower_serial')
          .whereRef('mower_shares.mower_serial', '=', 'mowers.serial_number')
          .where('mower_shares.account_id', '=', accountId),
      ),
    ]);
}

/** What the mower list shows of a mower, what the account is to it, and its place (owned ones first). */
const listed = (role: MowerRole, rank: number) =>
  [
    'mowers.serial_number',
    'mowers.name',
    'mowers.model',
    'mowers.battery_percent',
    sql<MowerRole>`${sql.lit(role)}`.as('role'),
    sql<number>`${sql.lit(rank)}`.as('rank'),
  ] as const;

// One query, not two, built once: it runs on every mower-list call of the app and of linked services.
const mowersOf = reusableRead((db: Db, accountId: string) => {
  const owned = db.selectFrom('mowers').select(listed('owner', 0)).where('owner_id', '=', accountId);
  const shared = db
    .selectFrom('mowers')
    .innerJoin('mower_shares', 'mower_shares.mower_serial', 'mowers.serial_number')
    .select(listed('shared', 1))
    .where('mower_shares.account_id', '=', accountId);
  return owned.unionAll(shared).orderBy('rank').orderBy('serial_number');
});

/** The mowers an account may use: its own and those shared with it (seed section 6), owned ones first. */
export async function listMowersFor(db: Db, accountId: string): Promise<MowerDto[]> {
  const rows = await mowersOf(db, accountId);
  return rows.map(({ rank: _rank, ...mower }) => mower);
}

/** Whether an account may use a mower: it owns it or the mower is shared with it. */
export async function mayUseMower(db: Db, accountId: string, serial: string): Promise<boolean> {
  const row = await db
    .selectFrom('mowers')
    .select('mowers.serial_number')
    .where('mowers.serial_number', '=', serial)
    .where(usableBy(accountId))
    .executeTakeFirst();
  return row !== undefined;
}
