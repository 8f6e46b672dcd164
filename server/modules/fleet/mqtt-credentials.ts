import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/** How long a pair from `userInfo/get/v2` opens a connection; an open connection outlives it (the broker checks at CONNECT). */
export const MQTT_CREDENTIAL_TTL_MS = 24 * 60 * 60 * 1000;

const hash = (password: string) => createHash('sha256').update(password).digest('base64url');

export interface MqttCredentials {
  userName: string;
  pwdInfo: string;
  expiresAt: string;
}

/**
 * A fresh user name and password for one linked service's MQTT connection: random, never the account's
 * password, the password kept only as a hash. Each call makes a new pair, so Home Assistant and a script of the
 * same account do not invalidate each other's.
 */
export async function issueMqttCredentials(
  db: Db,
  { accountId, clientId, mayControl }: { accountId: string; clientId: string | undefined; mayControl: boolean },
  now: number,
): Promise<MqttCredentials> {
  const userName = `nvm_${randomBytes(12).toString('base64url')}`;
  const pwdInfo = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + MQTT_CREDENTIAL_TTL_MS).toISOString();
  await db
    .insertInto('mqtt_credentials')
    .values({
      username: userName,
      account_id: accountId,
      password_hash: hash(pwdInfo),
      may_control: mayControl ? 1 : 0,
      client_id: clientId ?? null,
      expires_at: expiresAt,
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return { userName, pwdInfo, expiresAt };
}

export interface MqttIdentity {
  accountId: string;
  mayControl: boolean;
}

/** The account behind a user name and password, if they are a valid, unexpired pair. */
export async function verifyMqttCredentials(db: Db, userName: string, password: string, now: number): Promise<MqttIdentity | undefined> {
  if (!/^nvm_[A-Za-z0-9_-]{16}$/.test(userName) || password.length > 200) return undefined;
  const row = await db
    .selectFrom('mqtt_credentials')
    .select(['account_id', 'password_hash', 'may_control', 'expires_at'])
    .where('username', '=', userName)
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now) return undefined;
  const expected = Buffer.from(row.password_hash);
  const given = Buffer.from(hash(password));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { accountId: row.account_id, mayControl: row.may_control === 1 };
}

export async function sweepExpiredMqttCredentials(db: Db, now: number): Promise<void> {
  await db.deleteFrom('mqtt_credentials').where('expires_at', '<=', new Date(now).toISOString()).execute();
}
