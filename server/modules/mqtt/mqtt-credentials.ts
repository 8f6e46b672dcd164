import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { inBatches } from '../../db/batched-sweep.ts';
import { type CredentialOrigin, originColumns, originKey, originOfColumns } from '../../db/credential-origins.ts';
import type { Db } from '../../db/database.ts';

/**
 * How long a pair from `userInfo/get/v2` works. It works only as long as what it was issued under, too: the app's
 * session (until signed out, revoked or expired) or the linked service's OAuth grant (until unlinked or revoked).
 * The embedded broker checks it again on every publish and subscribe, every half minute and at once when a
 * revocation is announced, and closes a connection whose pair no longer works (docs/decisions/015-mqtt-broker.md).
 */
export const MQTT_CREDENTIAL_TTL_MS = 24 * 60 * 60 * 1000;

const hash = (password: string) => createHash('sha256').update(password).digest('base64url');

export interface MqttCredentials {
  userName: string;
  pwdInfo: string;
  expiresAt: string;
}

/**
 * The live pairs one link (or app session) keeps: each `userInfo/get/v2` call makes a new pair, and the oldest
 * beyond these are deleted with it. Home Assistant fetches a pair at start and after each disconnect, and uses the
 * newest; the ones before stay valid for a while, so that a connection still open with one is not cut at once.
 */
export const MQTT_PAIRS_PER_ORIGIN = 5;

/**
 * A fresh user name and password for one linked service's MQTT connection: random, never the account's
 * password, the password kept only as a hash. Each call makes a new pair, so Home Assistant and a script of the
 * same account do not invalidate each other's; a link keeps its newest `MQTT_PAIRS_PER_ORIGIN` (the table does
 * not grow with the calls).
 */
export async function issueMqttCredentials(
  db: Db,
  {
    accountId,
    clientId,
    mayControl,
    origin,
  }: { accountId: string; clientId: string | undefined; mayControl: boolean; origin: CredentialOrigin },
  now: number,
): Promise<MqttCredentials> {
  const userName = `nvm_${randomBytes(12).toString('base64url')}`;
  const pwdInfo = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + MQTT_CREDENTIAL_TTL_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mqtt_credentials')
      .values({
        username: userName,
        account_id: accountId,
        password_hash: hash(pwdInfo),
        may_control: mayControl ? 1 : 0,
        client_id: clientId ?? null,
        ...originColumns(origin),
        expires_at: expiresAt,
        created_at: new Date(now).toISOString(),
      })
      .execute();
    const [column, value] =
      origin.sessionId === undefined
        ? (['grant_id', origin.grantId] as const)
        : (['session_id', origin.sessionId] as const);
    await trx
      .deleteFrom('mqtt_credentials')
      .where(column, '=', value)
      .where('username', 'not in', (eb) =>
        eb
          .selectFrom('mqtt_credentials')
          .select('username')
          .where(column, '=', value)
          .orderBy('created_at', 'desc')
          .orderBy('username')
          .limit(MQTT_PAIRS_PER_ORIGIN),
      )
      .execute();
  });
  return { userName, pwdInfo, expiresAt };
}

export interface MqttIdentity {
  accountId: string;
  mayControl: boolean;
  /** What the pair was issued under (`session:<id>` or `grant:<id>`): every pair of one link or app session shares it. */
  origin: string;
}

/**
 * The pairs that still work at `now`: unexpired, and what each was issued under still lives. Revoking a session or
 * ending a grant deletes its pairs as well (server/modules/accounts/sessions.ts, server/modules/oauth), so this is the
 * second lock: a session that merely expired, a grant swept, or a revocation path that forgot them.
 */
function liveCredentials(db: Db, now: number) {
  const at = new Date(now).toISOString();
  return db
    .selectFrom('mqtt_credentials as c')
    .where('c.expires_at', '>', at)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('sessions as s')
            .select('s.id')
            .whereRef('s.id', '=', 'c.session_id')
            .where('s.revoked_at', 'is', null)
            .where('s.refresh_expires_at', '>', at),
        ),
        eb.exists(
          eb
            .selectFrom('oauth_records as g')
            .select('g.id')
            .where('g.model', '=', 'Grant')
            .whereRef('g.id', '=', 'c.grant_id')
            .where((inner) => inner.or([inner('g.expires_at', 'is', null), inner('g.expires_at', '>', at)])),
        ),
      ]),
    );
}

const USER_NAME = /^nvm_[A-Za-z0-9_-]{16}$/;

/** The account behind a user name and password, if they are a valid, unexpired pair whose origin still lives. */
export async function verifyMqttCredentials(
  db: Db,
  userName: string,
  password: string,
  now: number,
): Promise<MqttIdentity | undefined> {
  if (!USER_NAME.test(userName) || password.length > 200) return undefined;
  const row = await liveCredentials(db, now)
    .select(['c.account_id', 'c.password_hash', 'c.may_control', 'c.session_id', 'c.grant_id'])
    .where('c.username', '=', userName)
    .executeTakeFirst();
  if (!row) return undefined;
  const expected = Buffer.from(row.password_hash);
  const given = Buffer.from(hash(password));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return {
    accountId: row.account_id,
    mayControl: row.may_control === 1,
    origin: originKey(originOfColumns(row)!),
  };
}

/** The account of a user name whose pair still works (its password was checked when it connected). */
export async function liveMqttAccount(db: Db, userName: string, now: number): Promise<string | undefined> {
  if (!USER_NAME.test(userName)) return undefined;
  const row = await liveCredentials(db, now)
    .select('c.account_id')
    .where('c.username', '=', userName)
    .executeTakeFirst();
  return row?.account_id;
}

/** Which of these user names still work: for the broker's check of its open connections, one query per 500. */
export async function liveMqttUserNames(db: Db, userNames: readonly string[], now: number): Promise<Set<string>> {
  const live = new Set<string>();
  const unique = [...new Set(userNames)];
  for (let start = 0; start < unique.length; start += 500) {
    const rows = await liveCredentials(db, now)
      .select('c.username')
      .where('c.username', 'in', unique.slice(start, start + 500))
      .execute();
    for (const row of rows) live.add(row.username);
  }
  return live;
}

/** The hourly sweep of expired pairs, in batches through the expiry index (server/db/batched-sweep.ts). */
export async function sweepExpiredMqttCredentials(db: Db, now: number): Promise<void> {
  const expired = new Date(now).toISOString();
  await inBatches((limit) =>
    db
      .deleteFrom('mqtt_credentials')
      .where('username', 'in', (eb) =>
        eb.selectFrom('mqtt_credentials').select('username').where('expires_at', '<=', expired).limit(limit),
      )
      .executeTakeFirst(),
  );
}
