import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUsedRefreshTokens } from '../modules/accounts/public.ts';
import { sweepExpiredMqttCredentials } from '../modules/mqtt/public.ts';
import { sweepExpired } from '../modules/oauth/public.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../testing/test-database.ts';
import { SWEEP_BATCH } from './batched-sweep.ts';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const PAST = '2026-11-26T11:00:00.000Z';
const FUTURE = '2026-11-26T13:00:00.000Z';
/** More than two batches, so that a sweep that stopped after one would leave some behind. */
const EXPIRED = SWEEP_BATCH * 2 + 7;

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-${index}`);

/**
 * The hourly sweeps (server/main.ts, and the fleet's for MQTT pairs) delete what has expired, a batch at a time:
 * everything past its time goes, however many there are, and nothing still valid.
 */
describe.each(testDatabaseKinds)('the sweeps of expired rows on %s', (kind) => {
  let database: TestDatabase;
  const sessionId = 'session-of-the-sweeps';
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // The session that used refresh tokens and MQTT pairs belong to.
    await database.db
      .insertInto('sessions')
      .values({
        id: sessionId,
        account_id: 'account-demo-owner',
        access_token_hash: 'access',
        refresh_token_hash: 'refresh',
        access_expires_at: FUTURE,
        refresh_expires_at: FUTURE,
        created_at: PAST,
        revoked_at: null,
        previous_refresh_token_hash: null,
        retry_until: null,
        retry_answer: null,
      })
      .execute();
  });
  afterAll(() => database.destroy());

  it('deletes every expired OAuth record of every model, and keeps the rest', async () => {
    const models = ['AccessToken', 'RefreshToken', 'AuthorizationCode', 'Interaction'];
    const expired = ids('expired', EXPIRED).map((id, index) => ({
      model: models[index % models.length]!,
      id,
      payload: '{}',
      expires_at: PAST,
    }));
    const kept = [
      { model: 'AccessToken', id: 'live', payload: '{}', expires_at: FUTURE },
      { model: 'Grant', id: 'no-expiry', payload: '{}', expires_at: null },
      // Same id as an expired record, another model: the pair decides.
      { model: 'Grant', id: 'expired-0', payload: '{}', expires_at: FUTURE },
    ];
    for (let start = 0; start < expired.length; start += 200) {
      await database.db
        .insertInto('oauth_records')
        .values(expired.slice(start, start + 200))
        .execute();
    }
    await database.db.insertInto('oauth_records').values(kept).execute();

    await sweepExpired(database.db, NOW);

    const left = await database.db
      .selectFrom('oauth_records')
      .select(['model', 'id'])
      .orderBy('model')
      .orderBy('id')
      .execute();
    expect(left).toEqual([
      { model: 'AccessToken', id: 'live' },
      { model: 'Grant', id: 'expired-0' },
      { model: 'Grant', id: 'no-expiry' },
    ]);
  });

  it('deletes every expired used refresh token, and keeps the rest', async () => {
    const row = (token_hash: string, expires_at: string) => ({
      token_hash,
      session_id: sessionId,
      retry_until: PAST,
      expires_at,
    });
    const expired = ids('used', EXPIRED).map((hash) => row(hash, PAST));
    for (let start = 0; start < expired.length; start += 200) {
      await database.db
        .insertInto('used_refresh_tokens')
        .values(expired.slice(start, start + 200))
        .execute();
    }
    await database.db.insertInto('used_refresh_tokens').values(row('still-remembered', FUTURE)).execute();

    await sweepUsedRefreshTokens(database.db, NOW);

    const left = await database.db.selectFrom('used_refresh_tokens').select('token_hash').execute();
    expect(left.map((kept) => kept.token_hash)).toEqual(['still-remembered']);
  });

  it('deletes every expired MQTT pair, and keeps the rest', async () => {
    const row = (username: string, expires_at: string) => ({
      username,
      account_id: 'account-demo-owner',
      password_hash: 'x',
      may_control: 0,
      client_id: null,
      session_id: sessionId,
      grant_id: null,
      expires_at,
      created_at: PAST,
    });
    const expired = ids('pair', EXPIRED).map((username) => row(username, PAST));
    for (let start = 0; start < expired.length; start += 100) {
      await database.db
        .insertInto('mqtt_credentials')
        .values(expired.slice(start, start + 100))
        .execute();
    }
    await database.db.insertInto('mqtt_credentials').values(row('live-pair', FUTURE)).execute();

    await sweepExpiredMqttCredentials(database.db, NOW.getTime());

    const left = await database.db.selectFrom('mqtt_credentials').select('username').execute();
    expect(left.map((kept) => kept.username)).toEqual(['live-pair']);
  });
});
