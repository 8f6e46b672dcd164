import type { MowerDto } from '../../../common/api-types.ts';
import type { Db } from '../../db/database.ts';

/** The mowers an account may use: its own and those shared with it (seed section 6), owned ones first. */
export async function listMowersFor(db: Db, accountId: string): Promise<MowerDto[]> {
  const columns = ['serial_number', 'name', 'model', 'battery_percent'] as const;
  const [owned, shared] = await Promise.all([
    db.selectFrom('mowers').select(columns).where('owner_id', '=', accountId).orderBy('serial_number').execute(),
    db
      .selectFrom('mowers')
      .innerJoin('mower_shares', 'mower_shares.mower_serial', 'mowers.serial_number')
      .select(columns.map((column) => `mowers.${column}` as const))
      .where('mower_shares.account_id', '=', accountId)
      .orderBy('mowers.serial_number')
      .execute(),
  ]);
  return [
    ...owned.map((mower) => ({ ...mower, role: 'owner' as const })),
    ...shared.map((mower) => ({ ...mower, role: 'shared' as const })),
  ];
}

/** Whether an account may use a mower: it owns it or the mower is shared with it. */
export async function mayUseMower(db: Db, accountId: string, serial: string): Promise<boolean> {
  const row = await db
    .selectFrom('mowers')
    .leftJoin('mower_shares', (join) =>
      join.onRef('mower_shares.mower_serial', '=', 'mowers.serial_number').on('mower_shares.account_id', '=', accountId),
    )
    .select('mowers.serial_number')
    .where('mowers.serial_number', '=', serial)
    .where((eb) => eb.or([eb('mowers.owner_id', '=', accountId), eb('mower_shares.account_id', '=', accountId)]))
    .executeTakeFirst();
  return row !== undefined;
}
