import { INVITATION_LIFETIME_DAYS } from '../../common/sharing.ts';
import type { Db } from './database.ts';
import { hashPassword } from '../modules/accounts/public.ts';
import { type NewMessage, postMessage } from '../modules/messages/public.ts';

/** The demo data of contract section 5 (the README lists it). Fixed values: links and tests rely on them. */
export const DEMO = {
  owner: {
    id: 'account-demo-owner',
    email: 'demo@navimow.example',
    phone: '+4915112345678',
    password: 'Navimow-demo-1',
    displayName: 'Alex Gardner',
  },
  friend: {
    id: 'account-demo-friend',
    email: 'friend@navimow.example',
    phone: null,
    password: 'Navimow-demo-2',
    displayName: 'Sam Lindqvist',
  },
  mowers: {
    owned: { serial: 'NVM-DEMO-0001', name: 'Front lawn', model: 'Navimow i105E', battery: 92 },
    shared: { serial: 'NVM-DEMO-0002', name: 'Back garden', model: 'Navimow X330E', battery: 40 },
    notShared: { serial: 'NVM-DEMO-0003', name: 'Orchard', model: 'Navimow H800E', battery: 67 },
  },
  invitations: { accepted: 'demo-accepted', expired: 'demo-expired', pending: 'demo-pending' },
} as const;

const SEEDED_AT = '2026-01-15T09:00:00.000Z';
const EXPIRED_AT = '2026-01-22T09:00:00.000Z';

/**
 * Seeds the demo data once, on a database without accounts; returns whether it did. The pending invitation runs
 * out as a real one does, a week after `now` (issue 37: "Answer by January 1, 2100" told nobody anything).
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<boolean> {
  const existing = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return false;

  const [ownerHash, friendHash] = await Promise.all([
    hashPassword(DEMO.owner.password),
    hashPassword(DEMO.friend.password),
  ]);
  const { owner, friend, mowers, invitations } = DEMO;

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('accounts')
      .values([
        {
          id: owner.id,
          email: owner.email,
          phone: owner.phone,
          password_hash: ownerHash,
          display_name: owner.displayName,
          created_at: SEEDED_AT,
        },
        {
          id: friend.id,
          email: friend.email,
          phone: friend.phone,
          password_hash: friendHash,
          display_name: friend.displayName,
          created_at: SEEDED_AT,
        },
      ])
      .execute();

    await trx
      .insertInto('mowers')
      .values([
        {
          serial_number: mowers.owned.serial,
          owner_id: owner.id,
          name: mowers.owned.name,
          model: mowers.owned.model,
          battery_percent: mowers.owned.battery,
          created_at: SEEDED_AT,
        },
        {
          serial_number: mowers.shared.serial,
          owner_id: friend.id,
          name: mowers.shared.name,
          model: mowers.shared.model,
          battery_percent: mowers.shared.battery,
          created_at: SEEDED_AT,
        },
        {
          serial_number: mowers.notShared.serial,
          owner_id: friend.id,
          name: mowers.notShared.name,
          model: mowers.notShared.model,
          battery_percent: mowers.notShared.battery,
          created_at: SEEDED_AT,
        },
      ])
      .execute();

    const fromFriend = { inviter_id: friend.id, invitee_id: owner.id, created_at: SEEDED_AT };
    await trx
      .insertInto('invitations')
      .values([
        {
          ...fromFriend,
          id: invitations.accepted,
          mower_serial: mowers.shared.serial,
          status: 'accepted',
          expires_at: EXPIRED_AT,
          responded_at: '2026-01-16T18:30:00.000Z',
        },
        {
          ...fromFriend,
          id: invitations.expired,
          mower_serial: mowers.notShared.serial,
          status: 'pending',
          expires_at: EXPIRED_AT,
          responded_at: null,
        },
        {
          ...fromFriend,
          id: invitations.pending,
          mower_serial: mowers.notShared.serial,
          status: 'pending',
          expires_at: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000).toISOString(),
          responded_at: null,
        },
      ])
      .execute();

    await trx
      .insertInto('mower_shares')
      .values({
        mower_serial: mowers.shared.serial,
        account_id: owner.id,
        invitation_id: invitations.accepted,
        created_at: '2026-01-16T18:30:00.000Z',
      })
      .execute();
  });
  await seedDemoMessages(db, now);
  return true;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Messages in every category over 45 days (so some are history, older than the 30-day window), for the owned
 * and the shared mower and the account: relative to the seeding time, so a fresh demo always has new ones.
 */
export const DEMO_MESSAGES: readonly (NewMessage & {
  id: string;
  ago: number;
  read?: boolean;
  account?: 'owner' | 'friend';
})[] = [
  {
    id: 'demo-msg-finished',
    ago: 2 * HOUR,
    mowerSerial: DEMO.mowers.owned.serial,
    category: 'workLog',
    type: 'mowingFinished',
    params: { areaSquareMetres: 420, minutes: 95 },
    severity: 'info',
  },
  {
    id: 'demo-msg-started',
    ago: 4 * HOUR,
    mowerSerial: DEMO.mowers.owned.serial,
    category: 'workLog',
    type: 'mowingStarted',
    params: {},
    severity: 'info',
  },
  {
    id: 'demo-msg-shared-started',
    ago: 6 * HOUR,
    mowerSerial: DEMO.mowers.shared.serial,
    category: 'workLog',
    type: 'mowingStarted',
    params: {},
    severity: 'info',
  },
  {
    id: 'demo-msg-stuck',
    ago: 1 * DAY,
    mowerSerial: DEMO.mowers.owned.serial,
    category: 'important',
    type: 'fault',
    params: { reason: 'stuck' },
    severity: 'critical',
    faultCode: 'E-203',
  },
  {
    id: 'demo-msg-offline',
    ago: 2 * DAY,
    mowerSerial: DEMO.mowers.owned.serial,
    category: 'device',
    type: 'deviceOffline',
    params: {},
    severity: 'warning',
  },
  {
    id: 'demo-msg-online',
    ago: 2 * DAY - HOUR,
    mowerSerial: DEMO.mowers.owned.serial,
    category: 'device',
    type: 'deviceOnline',
    params: {},
    severity: 'info',
  },
  {
    id: 'demo-msg-rain',
    ago: 3 * DAY,
    mowerSerial: DEMO.mowers.owned.serial,
    category: 'workLog',
    type: 'returnedToStation',
    params: { reason: 'rain' },
    severity: 'info',
  },
  {
    id: 'demo-msg-blade',
    ago: 4 * DAY,
    mowerSerial: DEMO.mowers.shared.serial,
    category: 'important',
    type: 'fault',
    params: { reason: 'bladeBlocked' },
    severity: 'critical',
    faultCode: 'E-301',
  },
  {
    id: 'demo-msg-welcome',
    ago: 6 * DAY,
    mowerSerial: null,
    account: 'owner',
    category: 'notification',
    type: 'welcome',
    params: {},
    severity: 'info',
  },
  {
    id: 'demo-msg-shared-offline',
    ago: 8 * DAY,
    read: true,
    mowerSerial: DEMO.mowers.shared.serial,
    category: 'device',
    type: 'deviceOffline',
    params: {},
    severity: 'warning',
  },
  {
    id: 'demo-msg-firmware',
    ago: 10 * DAY,
    mowerSerial: DEMO.mowers.owned.serial,
    category: 'system',
    type: 'firmwareAvailable',
    params: { version: '3.2.1' },
    severity: 'info',
  },
  {
    id: 'demo-msg-lifted',
    ago: 12 * DAY,
    read: true,
    mowerSerial: DEMO.mowers.owned.serial,
    category: 'important',
    type: 'fault',
    params: { reason: 'lifted' },
    severity: 'critical',
    faultCode: 'E-105',
  },
  {
    id: 'demo-msg-share-accepted',
    ago: 15 * DAY,
    mowerSerial: null,
    account: 'friend',
    category: 'notification',
    type: 'shareAccepted',
    params: { name: DEMO.owner.displayName },
    severity: 'info',
  },
  {
    id: 'demo-msg-finished-20',
    ago: 20 * DAY,
    read: true,
    mowerSerial: DEMO.mowers.owned.serial,
    category: 'workLog',
    type: 'mowingFinished',
    params: { areaSquareMetres: 380, minutes: 82 },
    severity: 'info',
  },
  {
    id: 'demo-msg-shared-finished-33',
    ago: 33 * DAY,
    mowerSerial: DEMO.mowers.shared.serial,
    category: 'workLog',
    type: 'mowingFinished',
    params: { areaSquareMetres: 610, minutes: 130 },
    severity: 'info',
  },
  {
    id: 'demo-msg-finished-35',
    ago: 35 * DAY,
    read: true,
    mowerSerial: DEMO.mowers.owned.serial,
    category: 'workLog',
    type: 'mowingFinished',
    params: { areaSquareMetres: 415, minutes: 90 },
    severity: 'info',
  },
  {
    id: 'demo-msg-tilted',
    ago: 40 * DAY,
    mowerSerial: DEMO.mowers.owned.serial,
    category: 'important',
    type: 'fault',
    params: { reason: 'tilted' },
    severity: 'critical',
    faultCode: 'E-110',
  },
  {
    id: 'demo-msg-maintenance',
    ago: 45 * DAY,
    mowerSerial: DEMO.mowers.owned.serial,
    category: 'system',
    type: 'maintenance',
    params: { dueInDays: 7 },
    severity: 'info',
  },
];

async function seedDemoMessages(db: Db, now: Date) {
  for (const { ago, read, account, ...message } of DEMO_MESSAGES) {
    const createdAt = new Date(now.getTime() - ago);
    const accounts = account ? [DEMO[account].id] : [];
    await postMessage(db, { ...message, createdAt }, accounts);
    if (read)
      await db
        .updateTable('message_inbox')
        .set({ read_at: createdAt.toISOString() })
        .where('message_id', '=', message.id)
        .execute();
  }
}
