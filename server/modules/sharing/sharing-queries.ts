import { randomUUID } from 'node:crypto';
import type { InvitationDto, InvitationState, MowerShareDto } from '../../../common/sharing.ts';
import { type Db, supportsRowLocks } from '../../db/database.ts';

export interface InvitationRow {
  id: string;
  mower_serial: string;
  inviter_id: string;
  invitee_id: string;
  status: 'pending' | 'accepted' | 'rejected' | 'cancelled';
  expires_at: string;
  responded_at: string | null;
  inviter_name: string;
  mower_name: string;
  mower_model: string;
}

/** A pending invitation past its time is expired: the clock decides, not a job that may not have run. */
export function stateOf(row: Pick<InvitationRow, 'status' | 'expires_at'>, now: Date): InvitationState {
  return row.status === 'pending' && row.expires_at <= now.toISOString() ? 'expired' : row.status;
}

function invitationsWithNames(db: Db) {
  return db
    .selectFrom('invitations')
    .innerJoin('accounts', 'accounts.id', 'invitations.inviter_id')
    .innerJoin('mowers', 'mowers.serial_number', 'invitations.mower_serial')
    .select([
      'invitations.id',
      'invitations.mower_serial',
      'invitations.inviter_id',
      'invitations.invitee_id',
      'invitations.status',
      'invitations.expires_at',
      'invitations.responded_at',
      'accounts.display_name as inviter_name',
      'mowers.name as mower_name',
      'mowers.model as mower_model',
    ]);
}

export function findInvitation(db: Db, id: string): Promise<InvitationRow | undefined> {
  return invitationsWithNames(db).where('invitations.id', '=', id).executeTakeFirst();
}

/** The invitations to a mower that can still be answered, oldest first. */
export function listOpenInvitations(db: Db, mowerSerial: string, now: Date): Promise<InvitationRow[]> {
  return invitationsWithNames(db)
    .where('invitations.mower_serial', '=', mowerSerial)
    .where('invitations.status', '=', 'pending')
    .where('invitations.expires_at', '>', now.toISOString())
    .orderBy('invitations.created_at')
    .execute();
}

export function toDto(row: InvitationRow, accountId: string, now: Date): InvitationDto {
  return {
    id: row.id,
    state: stateOf(row, now),
    inviter_name: row.inviter_name,
    mower: { serial_number: row.mower_serial, name: row.mower_name, model: row.mower_model },
    for_me: row.invitee_id === accountId,
    expires_at: row.expires_at,
    responded_at: row.responded_at,
  };
}

/** The open invitation for this mower and account, if any (at most one exists: `createInvitation` sees to it). */
function openInvitation(db: Db, mowerSerial: string, inviteeId: string, now: Date) {
  return db
    .selectFrom('invitations')
    .select('id')
    .where('mower_serial', '=', mowerSerial)
    .where('invitee_id', '=', inviteeId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

export type CreateOutcome = { created: string } | { refused: 'already_shared' | 'invitation_pending' };

/**
 * Sends an invitation unless the mower is already shared with the account or an open invitation exists. The
 * check and the insert run in one transaction; on PostgreSQL the mower's row is locked, so two invitations sent
 * at once for one mower are decided one after the other (SQLite runs one writer at a time anyway).
 */
export async function createInvitation(
  db: Db,
  {
    mowerSerial,
    inviterId,
    inviteeId,
    lifetimeMs,
    now,
  }: { mowerSerial: string; inviterId: string; inviteeId: string; lifetimeMs: number; now: Date },
): Promise<CreateOutcome> {
  return db.transaction().execute(async (trx) => {
    if (supportsRowLocks(trx)) {
      await trx
        .selectFrom('mowers')
        .select('serial_number')
        .where('serial_number', '=', mowerSerial)
        .forUpdate()
        .execute();
    }
    const shared = await trx
      .selectFrom('mower_shares')
      .select('account_id')
      .where('mower_serial', '=', mowerSerial)
      .where('account_id', '=', inviteeId)
      .executeTakeFirst();
    if (shared) return { refused: 'already_shared' as const };
    if (await openInvitation(trx, mowerSerial, inviteeId, now)) return { refused: 'invitation_pending' as const };
    const id = randomUUID();
    await trx
      .insertInto('invitations')
      .values({
        id,
        mower_serial: mowerSerial,
        inviter_id: inviterId,
        invitee_id: inviteeId,
        status: 'pending',
        expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
        created_at: now.toISOString(),
        responded_at: null,
      })
      .execute();
    return { created: id };
  });
}

/**
 * Moves a pending, unexpired invitation to `status`, once: of two answers at the same moment (a double tap, a
 * retry, two devices), exactly one changes the row. Accepting also shares the mower, in the same transaction.
 * Returns whether this call made the change.
 */
export async function answerInvitation(
  db: Db,
  row: InvitationRow,
  status: 'accepted' | 'rejected' | 'cancelled',
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('invitations')
      .set({ status, responded_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (status === 'accepted') {
      await trx
        .insertInto('mower_shares')
        .values({
          mower_serial: row.mower_serial,
          account_id: row.invitee_id,
          invitation_id: row.id,
          created_at: now.toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['mower_serial', 'account_id']).doNothing())
        .execute();
    }
    return true;
  });
}

export async function findMowerOwner(db: Db, serial: string) {
  return db
    .selectFrom('mowers')
    .innerJoin('accounts', 'accounts.id', 'mowers.owner_id')
    .select(['mowers.owner_id', 'accounts.display_name as owner_name', 'mowers.created_at'])
    .where('mowers.serial_number', '=', serial)
    .executeTakeFirst();
}

export async function listShares(db: Db, serial: string): Promise<MowerShareDto[]> {
  const rows = await db
    .selectFrom('mower_shares')
    .innerJoin('accounts', 'accounts.id', 'mower_shares.account_id')
    .select(['mower_shares.account_id', 'accounts.display_name as name', 'mower_shares.created_at as since'])
    .where('mower_shares.mower_serial', '=', serial)
    .orderBy('mower_shares.created_at')
    .execute();
  return rows.map((row) => ({ ...row, role: 'shared' as const }));
}

/** Ends a share; returns whether there was one. */
export async function removeShare(db: Db, serial: string, accountId: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('mower_shares')
    .where('mower_serial', '=', serial)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
