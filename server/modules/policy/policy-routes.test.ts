import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_POLICY_VERSION } from '../../../common/api-policy.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKinds } from '../../testing/test-database.ts';

describe.each(testDatabaseKinds)('API access policy consent on %s', (kind) => {
  let t: TestApp;
  let owner: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp(kind);
    owner = await t.signIn();
  });
  afterEach(() => t.close());

  const consent = () => t.app.inject({ method: 'GET', url: '/api/policy/consent', headers: owner });
  const agree = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/policy/consent', headers: owner, payload });

  it('records who agreed to which version and when, once', async () => {
    expect((await consent()).json()).toEqual({
      current_version: API_POLICY_VERSION,
      agreed_at: null,
      agreed_version: null,
    });
    const [first, second] = await Promise.all([
      agree({ version: API_POLICY_VERSION }),
      agree({ version: API_POLICY_VERSION }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().agreed_at).toEqual(second.json().agreed_at);
    const after = (await consent()).json();
    expect(after).toMatchObject({ agreed_version: API_POLICY_VERSION, agreed_at: first.json().agreed_at });
    const rows = await t.db.selectFrom('policy_consents').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('asks again when the policy has a newer version than the one agreed to', async () => {
    await t.db
      .insertInto('policy_consents')
      .values({ account_id: 'account-demo-owner', version: '2020-01-01', agreed_at: '2020-01-02T00:00:00.000Z' })
      .execute();
    expect((await consent()).json()).toEqual({
      current_version: API_POLICY_VERSION,
      agreed_at: null,
      agreed_version: '2020-01-01',
    });
  });

  it('refuses an agreement to a version other than the current one, and a malformed body, changing nothing', async () => {
    const stale = await agree({ version: '2020-01-01' });
    expect([stale.statusCode, stale.json().error.code]).toEqual([409, 'policy_version_outdated']);
    const malformed = await agree({ version: 42 });
    expect([malformed.statusCode, malformed.json().error.field]).toEqual([400, 'body.version']);
    expect((await consent()).json().agreed_at).toBeNull();
  });

  it('is the app’s alone: no token, no consent', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/policy/consent' })).statusCode).toBe(401);
  });
});
