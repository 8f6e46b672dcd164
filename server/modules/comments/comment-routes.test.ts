import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH } from '../../../common/comments.ts';
import { DEMO } from '../../db/seed.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';

describe.each(testDatabaseKinds)('POST /api/comments on %s', (kind) => {
  let t: TestApp;
  let owner: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await t.signIn();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('comments').execute();
  });

  const post = (payload: unknown, headers: Record<string, string> = owner) =>
    t.app.inject({ method: 'POST', url: '/api/comments', headers, payload: payload as object });
  const storedComments = () => t.db.selectFrom('comments').selectAll().execute();

  it('stores a rating with its topic, trimmed comment and mower, and answers 201 with its id and time', async () => {
    const response = await post({
      rating: 4,
      topic: 'mapping',
      comment: '  Mapping took two tries.  ',
      vehicle_sn: DEMO.mowers.owned.serial,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; created_at: string }>();
    expect(Object.keys(body).sort()).toEqual(['created_at', 'id']);
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    expect(await storedComments()).toEqual([
      {
        id: body.id,
        account_id: DEMO.owner.id,
        mower_serial: DEMO.mowers.owned.serial,
        rating: 4,
        topic: 'mapping',
        comment: 'Mapping took two tries.',
        idempotency_key: null,
        created_at: body.created_at,
      },
    ]);
  });

  it('takes a rating alone, and a comment of exactly the maximum length (an emoji counts as one character)', async () => {
    expect((await post({ rating: 1 })).statusCode).toBe(201);
    expect((await post({ rating: 5, comment: '🌱'.repeat(COMMENT_MAX_LENGTH) })).statusCode).toBe(201);
    const rows = await storedComments();
    expect(rows.map((row) => [row.rating, row.topic, row.comment?.length ?? null, row.mower_serial])).toEqual(
      expect.arrayContaining([
        [1, null, null, null],
        [5, null, COMMENT_MAX_LENGTH * 2, null],
      ]),
    );
  });

  it('accepts a mower shared with the caller', async () => {
    expect((await post({ rating: 3, vehicle_sn: DEMO.mowers.shared.serial })).statusCode).toBe(201);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no rating', { comment: 'Nice' }, 'body.rating'],
    ['a rating of 0', { rating: 0 }, 'body.rating'],
    ['a rating of 6', { rating: 6 }, 'body.rating'],
    ['a fractional rating', { rating: 4.5 }, 'body.rating'],
    ['a rating as text', { rating: '5' }, 'body.rating'],
    ['an unknown topic', { rating: 5, topic: 'weather' }, 'body.topic'],
    ['a comment as a number', { rating: 5, comment: 42 }, 'body.comment'],
    ['a comment one character too long', { rating: 5, comment: 'x'.repeat(COMMENT_MAX_LENGTH + 1) }, 'body.comment'],
    ['an empty serial number', { rating: 5, vehicle_sn: '  ' }, 'body.vehicle_sn'],
    ['an idempotency key that is no UUID', { rating: 5, idempotency_key: 'retry-1' }, 'body.idempotency_key'],
  ];
  it.each(invalid)('refuses %s with a 400 naming the field, and stores nothing', async (_case, payload, field) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_request', field });
    expect(response.json().error.message).toContain(field);
    expect(await storedComments()).toEqual([]);
  });

  it('refuses a body that is no JSON object with a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: { ...owner, 'content-type': 'application/json' },
      payload: '[1,',
    });
    expect(response.statusCode).toBe(400);
    expect(await storedComments()).toEqual([]);
  });

  it('refuses a missing or unknown token with 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }] as Record<
      string,
      string
    >[]) {
      const response = await post({ rating: 5 }, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('unauthorized');
    }
    expect(await storedComments()).toEqual([]);
  });

  it('refuses a mower that is not the caller’s nor shared with it, and an unknown one, alike with 403', async () => {
    for (const serial of [DEMO.mowers.notShared.serial, 'NVM-NO-SUCH-MOWER']) {
      const response = await post({ rating: 2, vehicle_sn: serial });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({ code: 'mower_not_allowed', field: 'body.vehicle_sn' });
    }
    expect(await storedComments()).toEqual([]);
    // The owner of that mower may comment on it.
    const friend = await t.signIn(DEMO.friend.email, DEMO.friend.password);
    expect((await post({ rating: 2, vehicle_sn: DEMO.mowers.notShared.serial }, friend)).statusCode).toBe(201);
  });

  it('stores a retried submit once: the same key answers 200 with the same comment', async () => {
    const payload = {
      rating: 5,
      topic: 'app',
      comment: 'Works well',
      vehicle_sn: DEMO.mowers.owned.serial,
      idempotency_key: randomUUID(),
    };
    const first = await post(payload);
    const retry = await post({ ...payload, comment: ' Works well ' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await storedComments()).toHaveLength(1);
  });

  it('stores two submits racing with the same key once', async () => {
    const payload = { rating: 3, idempotency_key: randomUUID() };
    const responses = await Promise.all([post(payload), post(payload), post(payload)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect(await storedComments()).toHaveLength(1);
  });

  it('keeps keys per account, and refuses one key for a different comment with 409', async () => {
    const key = randomUUID();
    expect((await post({ rating: 4, idempotency_key: key })).statusCode).toBe(201);
    const other = await post({ rating: 1, idempotency_key: key });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toMatchObject({ code: 'idempotency_key_reused', field: 'body.idempotency_key' });
    const friend = await t.signIn(DEMO.friend.email, DEMO.friend.password);
    expect((await post({ rating: 4, idempotency_key: key }, friend)).statusCode).toBe(201);
    expect(await storedComments()).toHaveLength(2);
  });
});
